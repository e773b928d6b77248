// Compiled only to build the test executables' shared precompiled header (CMakeLists.txt).
