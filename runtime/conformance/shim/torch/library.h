#pragma once
// Conformance shim: deliberately empty (what the tests use from it is in other headers).
