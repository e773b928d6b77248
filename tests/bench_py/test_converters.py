"""Golden output and every error of scripts/r8tovw, scripts/pendigits2vw, scripts/vw2libsvm."""
import gzip
import os
import tempfile
import unittest

from helpers import tool


class R8ToVw(unittest.TestCase):
    def test_golden(self):
        rc, out, err = tool("r8tovw", "Class\tExample\nearn\tb a b\ntrade\tx\n")
        self.assertEqual((rc, err), (0, ""))
        self.assertEqual(out, "3 |w b:0.894427 a:0.447214\n8 |w x:1\n")

    def test_header_only_skipped_on_line_one(self):
        rc, _, err = tool("r8tovw", "earn\tx\nClass\tExample\n")
        self.assertEqual(rc, 1)
        self.assertIn("<stdin>:2: unknown class", err)

    def test_errors(self):
        cases = [("earn x\n", "<stdin>:1: want class<TAB>words, found 0 TABs"),
                 ("earn\tx\ty\n", "<stdin>:1: want class<TAB>words, found 2 TABs"),
                 ("sport\tx\n", '<stdin>:1: unknown class "sport"'),
                 ("earn\tx\nearn\t  \n", "<stdin>:2: document has no words"),
                 ("earn\ta:b\n", '<stdin>:1: word "a:b" contains'),
                 ("earn\ta|b\n", '<stdin>:1: word "a|b" contains')]
        for text, message in cases:
            with self.subTest(text=text):
                rc, out, err = tool("r8tovw", text)
                self.assertEqual(rc, 1)
                self.assertIn("r8tovw: " + message, err)

    def test_gzip_file_and_name(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "r8.txt")
            with gzip.open(path, "wt") as f:
                f.write("Class\tExample\nacq\tw\ngrain\t\n")
            rc, out, err = tool("r8tovw", "", path)
        self.assertEqual(rc, 1)
        self.assertEqual(out, "1 |w w:1\n")
        self.assertIn(f"{path}:3: document has no words", err)


class PendigitsToVw(unittest.TestCase):
    LINE = "0,100,50,1,0,0,0,0,0,0,0,0,0,0,0,7,"

    def test_golden_without_final_newline(self):
        rc, out, err = tool("pendigits2vw", self.LINE + "0000000010\n" + self.LINE + "1000000000")
        self.assertEqual((rc, err), (0, ""))
        self.assertEqual(out, "9 | f2:1 f3:0.5 f4:0.01 f16:0.07\n1 | f2:1 f3:0.5 f4:0.01 f16:0.07\n")

    def test_errors(self):
        cases = [("1,2,3\n", "<stdin>:1: want 17 comma-separated fields, found 3"),
                 (self.LINE + "0000000000\n", "is not 10 digits 0/1 with exactly one 1"),
                 (self.LINE + "0100000010\n", "is not 10 digits 0/1 with exactly one 1"),
                 (self.LINE + "000000001\n", "is not 10 digits"),
                 ("101" + self.LINE[1:] + "0000000010\n", 'feature 1 "101" is not an integer in 0..100'),
                 ("-1" + self.LINE[1:] + "0000000010\n", 'feature 1 "-1" is not an integer'),
                 ("x" + self.LINE[1:] + "0000000010\n", 'feature 1 "x" is not an integer')]
        for text, message in cases:
            with self.subTest(text=text):
                rc, _, err = tool("pendigits2vw", text)
                self.assertEqual(rc, 1)
                self.assertIn(message, err)


class VwToLibsvm(unittest.TestCase):
    def test_golden(self):
        rc, out, err = tool("vw2libsvm", "1 |a x y:2 x |b:0.5 z:4\n-1 |a q z:0\n3 | 7:1\n")
        self.assertEqual((rc, err), (0, ""))
        self.assertEqual(out, "1 1:2 2:2 3:2\n-1 4:1\n3 6:1\n")

    def test_vocabulary_is_shared_and_extended(self):
        with tempfile.TemporaryDirectory() as d:
            vocab = os.path.join(d, "vocab")
            self.assertEqual(tool("vw2libsvm", "1 |a x y\n", "--vocab", vocab)[1], "1 1:1 2:1\n")
            self.assertEqual(tool("vw2libsvm", "2 |a y new\n", "--vocab", vocab)[1], "2 2:1 3:1\n")
            with open(vocab) as f:
                self.assertEqual(f.read(), "a^x\na^y\na^new\n")

    def test_vocabulary_over_an_input_is_refused(self):
        # Issue 28: --vocab naming the input appended the keys to the data file.
        with tempfile.TemporaryDirectory() as d:
            data = os.path.join(d, "data.vw")
            with open(data, "w") as f:
                f.write("1 |a x y\n")
            os.symlink(data, os.path.join(d, "alias"))
            for vocab in (data, os.path.join(d, "alias")):
                with self.subTest(vocab=vocab):
                    rc, out, err = tool("vw2libsvm", "", "--vocab", vocab, data)
                    self.assertEqual(rc, 2)
                    self.assertIn(f"--vocab {vocab} is the input {data}", err)
                    with open(data) as f:
                        self.assertEqual(f.read(), "1 |a x y\n")

    def test_vocabulary_is_replaced_whole_and_only_after_success(self):
        with tempfile.TemporaryDirectory() as d:
            vocab = os.path.join(d, "vocab")
            with open(vocab, "w") as f:
                f.write("a^x")  # no final newline: the next key still starts a line
            os.chmod(vocab, 0o640)
            self.assertEqual(tool("vw2libsvm", "1 |a x new\n", "--vocab", vocab)[1], "1 1:1 2:1\n")
            with open(vocab) as f:
                self.assertEqual(f.read(), "a^x\na^new\n")
            self.assertEqual(os.stat(vocab).st_mode & 0o777, 0o640)
            rc, _, _ = tool("vw2libsvm", "1 |a more\nx |a y\n", "--vocab", vocab)
            self.assertEqual(rc, 1)
            with open(vocab) as f:
                self.assertEqual(f.read(), "a^x\na^new\n")
            self.assertEqual(sorted(os.listdir(d)), ["vocab"])

    def test_errors(self):
        cases = [("1 a b\n", "no namespace"),
                 ("1 2 |a x\n", 'want one label before the first "|", found "1 2"'),
                 (" |a x\n", "want one label"),
                 ("x |a y\n", 'label "x" is not a number'),
                 ("1 |a:w x\n", 'namespace weight "w" is not a number'),
                 ("1 |a x:nan\n", 'value of x "nan" is not finite'),
                 ("1 |a x:y\n", 'value of x "y" is not a number'),
                 ("1 |a :3\n", 'feature ":3" has no name')]
        for text, message in cases:
            with self.subTest(text=text):
                rc, _, err = tool("vw2libsvm", "1 |a ok\n" + text)
                self.assertEqual(rc, 1)
                self.assertIn("vw2libsvm: ", err)
                self.assertIn(message, err)
                self.assertIn("<stdin>:2:", err)

    def test_missing_file(self):
        rc, _, err = tool("vw2libsvm", "", "/nonexistent/file")
        self.assertEqual(rc, 1)
        self.assertIn("/nonexistent/file", err)


if __name__ == "__main__":
    unittest.main()
