// The subcommands of the mjk tool besides hand analysis.
#pragma once

#include <string>

namespace mjk::cli {

// mjk forms HAND: prints every tenpai reading; returns the exit status.
int forms(const std::string& text);

// mjk census ...: argv as given to main (argv[1] is "census"); returns the exit status.
int census_command(int argc, char** argv);

// mjk log ...: game records (argv[1] is "log"); returns the exit status.
int log_command(int argc, char** argv);

// mjk ev ...: the expected-value table of a hand (argv[1] is "ev"); returns the exit status.
int ev_command(int argc, char** argv);

}  // namespace mjk::cli
