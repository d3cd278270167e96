#pragma once

#include <c10/util/Exception.h>

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

// Runs `f`, which must throw c10::Error, and checks that the message holds
// every one of `parts`.
template <class F>
void expectErrorWith(F&& f, std::initializer_list<const char*> parts) {
  try {
    f();
  } catch (const c10::Error& e) {
    for (const char* part : parts) {
      EXPECT_NE(e.msg().find(part), std::string::npos) << "missing \"" << part << "\" in: " << e.msg();
    }
    return;
  }
  ADD_FAILURE() << "expected a c10::Error";
}
