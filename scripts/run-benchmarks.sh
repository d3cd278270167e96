#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Kept for the command in README.md and the docs: the benchmark driver is
# scripts/run-benchmarks.py (one list of benchmarks, one timing rule, one
# callgrind method, one table of ratios).
exec python3 "$(dirname "$0")/run-benchmarks.py" "$@"
