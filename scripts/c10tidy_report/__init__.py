# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""c10-tidy-report: SARIF, baselines and cost summaries from clang-tidy's
--export-fixes YAML. The command line is in cli.py; scripts/c10-tidy-report
runs it."""
