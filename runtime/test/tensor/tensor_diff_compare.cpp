// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Runs the two builds of tensor_diff_program and compares their records
// (format and tolerances: see tensor_diff_program.cpp). Exits non-zero and
// lists the first differences if any record disagrees.
//
// usage: tensor_diff_compare <runtime program> <libtorch program>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> run(const char* program) {
  std::vector<std::string> lines;
  // The program is the test's own executable, named on its command line.
  FILE* pipe = ::popen(program, "r");  // NOLINT(bugprone-command-processor)
  if (pipe == nullptr) {
    std::perror("popen");
    std::exit(2);
  }
  std::string line;
  char buf[65536];
  while (std::fgets(buf, sizeof buf, pipe) != nullptr) {
    line += buf;
    if (!line.empty() && line.back() == '\n') {
      line.pop_back();
      lines.push_back(line);
      line.clear();
    }
  }
  const int status = ::pclose(pipe);
  if (status != 0) {
    std::fprintf(stderr, "%s exited with status %d\n", program, status);
    std::exit(2);
  }
  return lines;
}

std::vector<std::string> split(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  std::string tok;
  while (in >> tok) out.push_back(tok);
  return out;
}

// Distance in units in the last place of `dtype` between two values.
double ulps(double a, double b, bool single) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : INFINITY;
  if (a == b) return 0;
  if (single) {
    auto key = [](float f) {
      int32_t i;
      std::memcpy(&i, &f, 4);
      return i < 0 ? int64_t{INT32_MIN} - i : int64_t{i};
    };
    return std::fabs(static_cast<double>(key(static_cast<float>(a)) - key(static_cast<float>(b))));
  }
  auto key = [](double d) {
    int64_t i;
    std::memcpy(&i, &d, 8);
    return i < 0 ? static_cast<long double>(INT64_MIN) - i : static_cast<long double>(i);
  };
  return static_cast<double>(std::fabs(key(a) - key(b)));
}

bool same_token(const std::string& a, const std::string& b) {
  if (a == b) return true;
  // NaN prints as nan or -nan depending on the sign bit, which the two
  // implementations need not agree on.
  auto is_nan = [](const std::string& s) { return s == "nan" || s == "-nan"; };
  return is_nan(a) && is_nan(b);
}

} // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s <runtime program> <libtorch program>\n", argv[0]);
    return 2;
  }
  const auto ours = run(argv[1]);
  const auto theirs = run(argv[2]);
  if (ours.size() != theirs.size()) {
    std::fprintf(stderr, "record counts differ: runtime %zu, libtorch %zu\n", ours.size(), theirs.size());
  }
  size_t failures = 0, exact = 0, tolerated = 0, errors = 0;
  double worst = 0;
  std::string worst_case;
  const size_t n = std::min(ours.size(), theirs.size());
  for (size_t i = 0; i < n; ++i) {
    const auto& a = ours[i];
    const auto& b = theirs[i];
    const size_t ha = a.rfind(" |"), hb = b.rfind(" |");
    bool ok = ha != std::string::npos && hb != std::string::npos && a.substr(0, ha) == b.substr(0, hb);
    if (ok && a.compare(a.size() - 7, 7, "| error") == 0) {
      ++errors;
      continue;
    }
    if (ok) {
      const auto va = split(a.substr(ha + 2)), vb = split(b.substr(hb + 2));
      ok = va.size() == vb.size();
      const std::string tol = a.substr(0, a.find(' '));
      const bool single = a.find("| Float ") != std::string::npos;
      const double limit = tol == "E" ? 0 : std::stod(tol.substr(1));
      for (size_t k = 0; ok && k < va.size(); ++k) {
        if (same_token(va[k], vb[k])) continue;
        if (limit == 0) {
          ok = false;
          break;
        }
        const double d = ulps(std::stod(va[k]), std::stod(vb[k]), single);
        if (d > worst) {
          worst = d;
          worst_case = a.substr(0, a.find(" |"));
        }
        ok = d <= limit;
      }
      if (ok) (limit == 0 ? exact : tolerated)++;
    }
    if (!ok && ++failures <= 20) {
      std::printf("MISMATCH\n  runtime : %.400s\n  libtorch: %.400s\n", a.c_str(), b.c_str());
    }
  }
  if (ours.size() != theirs.size()) ++failures;
  std::printf("%zu records: %zu exact (E), %zu within tolerance (U<n>), %zu errors on both sides, %zu mismatches; "
              "largest ULP distance %.0f%s%s\n",
              n, exact, tolerated, errors, failures, worst, worst_case.empty() ? "" : " in ", worst_case.c_str());
  return failures == 0 ? 0 : 1;
}
