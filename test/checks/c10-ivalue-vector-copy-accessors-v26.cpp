// Every toXVector() accessor of IValue in libtorch 1.13 and 2.6 (the check
// reads them from the header: members named to…Vector that return a
// std::vector or a c10::SmallVector), each copy only read: its size, which
// toListRef() gives, and an element, which toListRef()[i] and the element's
// own accessor give where one reads it exactly. 2.6 adds toSymIntVector() and
// spells toOptionalTensorVector()'s element std::optional.
// REQUIRES: runtime-libtorch, aten-tensor
// RUN: %if torch-1.13 %{ %check_c10_tidy -check-suffix=BOTH,V113 %s c10-ivalue-vector-copy %t-113 %}
// Typed accessors check the list's element type and toListRef() does not:
// without an isXList() test every finding is a warning without a fix-it.
// RUN: %if torch-2.6 %{ %check_c10_tidy -check-suffix=BOTH,V26 %s c10-ivalue-vector-copy %t-26 -- -DV26 %}

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <cstdint>

using c10::IValue;

std::size_t sizes(const IValue &v) {
  return v.toIntVector().size() + v.toDimVector().size() + v.toDoubleVector().size() +
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:12: warning: 'toIntVector()' copies the list into a new std::vector<int64_t> (a heap allocation, a conversion per element) that is only read; read the elements in place through 'toListRef()' and '[i].toInt()' [c10-ivalue-vector-copy]
  // CHECK-MESSAGES-BOTH: :[[@LINE-2]]:37: warning: 'toDimVector()' copies the list into a new at::DimVector (a conversion per element) that is only read; read the elements in place through 'toListRef()' and '[i].toInt()' [c10-ivalue-vector-copy]
  // CHECK-MESSAGES-BOTH: :[[@LINE-3]]:62: warning: 'toDoubleVector()' copies the list into a new std::vector<double> (a heap allocation, a conversion per element) that is only read; read the elements in place through 'toListRef()' and '[i].toDouble()' [c10-ivalue-vector-copy]
  // CHECK-NOTES-BOTH: :[[@LINE-4]]:12: note: no fix-it: 'toIntVector()' checks the list's element type
         v.toComplexDoubleVector().size() + v.toTensorVector().size() +
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:12: warning: 'toComplexDoubleVector()' copies the list into a new std::vector<c10::complex<double>> (a heap allocation, a conversion per element) that is only read; read the elements in place through 'toListRef()' [c10-ivalue-vector-copy]
  // CHECK-MESSAGES-BOTH: :[[@LINE-2]]:47: warning: 'toTensorVector()' copies the list into a new std::vector<at::Tensor> (a heap allocation, a conversion per element, an atomic refcount increment per tensor) that is only read; read the elements in place through 'toListRef()' and '[i].toTensor()' [c10-ivalue-vector-copy]
         v.toOptionalTensorVector().size();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'toOptionalTensorVector()' copies the list into a new std::vector<c10::optional<at::Tensor>> (a heap allocation, a conversion per element) that is only read; read the elements in place through 'toListRef()' [c10-ivalue-vector-copy]
  // CHECK-MESSAGES-V26: :[[@LINE-2]]:12: warning: 'toOptionalTensorVector()' copies the list into a new std::vector<std::optional<at::Tensor>> (a heap allocation, a conversion per element) that is only read; read the elements in place through 'toListRef()' [c10-ivalue-vector-copy]
}

double firstElements(const IValue &v) {
  double sum = static_cast<double>(v.toIntVector()[0] + v.toDimVector()[0]) + v.toDoubleVector()[0];
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:38: warning: 'toIntVector()' copies the list
  // CHECK-MESSAGES-BOTH: :[[@LINE-2]]:59: warning: 'toDimVector()' copies the list
  // CHECK-MESSAGES-BOTH: :[[@LINE-3]]:81: warning: 'toDoubleVector()' copies the list
  sum += static_cast<double>(v.toTensorVector()[0].dim());
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:32: warning: 'toTensorVector()' copies the list
  // No accessor of IValue reads a complex<double> or an optional tensor as
  // the vector holds it: the warning, no fix-it.
  sum += v.toComplexDoubleVector()[0].real();
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:12: warning: 'toComplexDoubleVector()' copies the list
  // CHECK-NOTES-BOTH: :[[@LINE-2]]:12: note: no fix-it: there is no accessor that reads an element of std::vector<c10::complex<double>> exactly
  sum += v.toOptionalTensorVector()[0].has_value();
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:12: warning: 'toOptionalTensorVector()' copies the list
  // CHECK-NOTES-V113: :[[@LINE-2]]:12: note: no fix-it: there is no accessor that reads an element of std::vector<c10::optional<at::Tensor>> exactly
  // CHECK-NOTES-V26: :[[@LINE-3]]:12: note: no fix-it: there is no accessor that reads an element of std::vector<std::optional<at::Tensor>> exactly
  return sum;
}

#ifdef V26
// toSymIntVector(): the elements are read with toSymInt(), which takes an int
// element as the accessor does.
bool symbolic(const IValue &v) {
  return v.toSymIntVector().size() > 1 && v.toSymIntVector()[0].is_heap_allocated();
  // CHECK-MESSAGES-V26: :[[@LINE-1]]:12: warning: 'toSymIntVector()' copies the list into a new std::vector<c10::SymInt> (a heap allocation, a conversion per element, a refcount increment per symbolic element) that is only read; read the elements in place through 'toListRef()' and '[i].toSymInt()' [c10-ivalue-vector-copy]
  // CHECK-MESSAGES-V26: :[[@LINE-2]]:45: warning: 'toSymIntVector()' copies the list
}
#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
