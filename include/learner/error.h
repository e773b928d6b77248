// The project's one exception type. Library code throws learner::Error (or a
// subclass); only main() catches, prints "learner: error: <what>" and exits.
#pragma once

#include <stdexcept>
#include <string>

namespace learner {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Bad input data: what() reads "<file>:<line>: <reason> (token '<tok>')".
class InputError : public Error {
 public:
  InputError(const std::string& file, unsigned long long line, const std::string& reason,
             const std::string& token = {})
      : Error(file + ":" + std::to_string(line) + ": " + reason +
              (token.empty() ? std::string() : " (token '" + token + "')")),
        reason_(reason) {}
  const std::string& reason() const { return reason_; }

 private:
  std::string reason_;
};

// Bad command line or incompatible options; main() exits 2 on it.
class UsageError : public Error {
 public:
  using Error::Error;
};

}  // namespace learner
