# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Source mutations for the checks' fuzzer: text-level edits of a C++ file.

Each mutator takes (text, rng) and returns the mutated text, or None when the
file offers no place for it. They work on lines and tokens, not on an AST: the
point is code a parser has to recover from (a missing brace, a half statement)
as much as unusual-but-legal code (a goto, a lambda-wrapped body, a macro), and
text edits produce both. Names introduced by a mutation start with c10_fuzz_
so that a mutant never collides with the input's own names.
"""

import re

TOKEN = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|::|->|&&|\|\||<<|>>|[^\s\w]")
# A statement line: code (not a preprocessor line or a comment) ending in ';'.
STATEMENT = re.compile(r"^(\s*)(?![#/])(\S.*;)\s*$")
# A simple declaration with an initialiser: "const T &name = init;".
DECLARATION = re.compile(
    r"^(\s*)((?:const\s+)?(?:[A-Za-z_][\w:]*(?:<[^;=()]*>)?)(?:\s*(?:const\b)?\s*[&*]{0,2}))\s*"
    r"\b([A-Za-z_]\w*)\s*(=|\{|\()(.*;)\s*$")
NOT_TYPES = {"return", "co_return", "throw", "delete", "goto", "case", "else", "using", "typedef",
             "namespace", "auto", "decltype", "new", "sizeof", "static_assert"}
FUNCTION_HEAD = re.compile(r"^(?!\s*(?:if|for|while|switch|catch|else|do|return|namespace|class|"
                           r"struct|enum|union)\b)[A-Za-z_].*\)\s*(?:const\s*)?(?:noexcept\s*)?\{\s*$")
CALL_TWO_ARGS = re.compile(r"\(([^(),;]+),([^(),;]+)\)")


def _lines(text):
    return text.split("\n")


def _code_line_indices(lines, pattern):
    return [i for i, line in enumerate(lines) if pattern.match(line) and not _in_comment(line)]


def _in_comment(line):
    stripped = line.lstrip()
    return stripped.startswith("//") or stripped.startswith("*") or stripped.startswith("/*")


def _matching_brace(text, open_index):
    """Index of the '}' closing the '{' at open_index (strings and comments ignored
    only roughly: the inputs keep braces balanced in code)."""
    depth = 0
    for i in range(open_index, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return None


def _function_bodies(text):
    """(head start, '{' index, '}' index) of top-level-looking function definitions."""
    bodies = []
    offset = 0
    for line in _lines(text):
        if FUNCTION_HEAD.match(line) and not _in_comment(line):
            brace = offset + line.rindex("{")
            end = _matching_brace(text, brace)
            if end is not None:
                bodies.append((offset, brace, end))
        offset += len(line) + 1
    return bodies


def delete_token(text, rng):
    tokens = [m for m in TOKEN.finditer(text)]
    if not tokens:
        return None
    m = rng.choice(tokens)
    return text[:m.start()] + text[m.end():]


def delete_line(text, rng):
    lines = _lines(text)
    candidates = [i for i, line in enumerate(lines) if line.strip() and not _in_comment(line)]
    if not candidates:
        return None
    del lines[rng.choice(candidates)]
    return "\n".join(lines)


def delete_closing_brace(text, rng):
    braces = [i for i, c in enumerate(text) if c == "}"]
    if not braces:
        return None
    i = rng.choice(braces)
    return text[:i] + text[i + 1:]


def duplicate_statement(text, rng):
    lines = _lines(text)
    candidates = _code_line_indices(lines, STATEMENT)
    if not candidates:
        return None
    i = rng.choice(candidates)
    lines.insert(i + 1, lines[i])
    return "\n".join(lines)


def swap_arguments(text, rng):
    calls = list(CALL_TWO_ARGS.finditer(text))
    if not calls:
        return None
    m = rng.choice(calls)
    a, b = m.group(1), m.group(2)
    return text[:m.start()] + "(" + b.strip() + ", " + a.strip() + ")" + text[m.end():]


def wrap_in_template(text, rng):
    bodies = _function_bodies(text)
    if not bodies:
        return None
    head, _, _ = rng.choice(bodies)
    return text[:head] + "template <typename C10FuzzT = int>\n" + text[head:]


def wrap_in_lambda(text, rng):
    """The body of a function becomes an immediately called lambda."""
    bodies = _function_bodies(text)
    if not bodies:
        return None
    _, brace, end = rng.choice(bodies)
    inner = text[brace + 1:end]
    return (text[:brace + 1] + "\n  return [&]() -> decltype(auto) {" + inner + "}();\n" +
            text[end:])


def statement_into_macro(text, rng):
    lines = _lines(text)
    candidates = [i for i in _code_line_indices(lines, STATEMENT) if "\\" not in lines[i]]
    if not candidates:
        return None
    i = rng.choice(candidates)
    indent, stmt = STATEMENT.match(lines[i]).groups()
    lines[i] = indent + "C10_FUZZ_MACRO()"
    lines.insert(i, "#define C10_FUZZ_MACRO() " + stmt)
    lines.insert(i + 2, "#undef C10_FUZZ_MACRO")
    return "\n".join(lines)


def _declarations(lines):
    found = []
    for i, line in enumerate(lines):
        m = DECLARATION.match(line)
        if not m or _in_comment(line):
            continue
        words = re.sub(r"\bconst\b", " ", m.group(2)).split()
        if words and words[0].split("<")[0] not in NOT_TYPES:
            found.append((i, m))
    return found


def type_to_auto(text, rng):
    lines = _lines(text)
    decls = _declarations(lines)
    if not decls:
        return None
    i, m = rng.choice(decls)
    declared = m.group(2)
    qualifiers = ("const " if declared.lstrip().startswith("const") else "") + "auto" + \
        "".join(c for c in declared.rstrip()[-2:] if c in "&*")
    lines[i] = m.group(1) + qualifiers + " " + m.group(3) + " " + m.group(4) + m.group(5)
    return "\n".join(lines)


def type_to_alias(text, rng):
    lines = _lines(text)
    decls = _declarations(lines)
    if not decls:
        return None
    i, m = rng.choice(decls)
    declared = m.group(2).strip()
    ref = ""
    while declared and declared[-1] in "&*":
        ref = declared[-1] + ref
        declared = declared[:-1].rstrip()
    alias = "using C10FuzzAlias = %s;" if rng.random() < 0.5 else "typedef %s C10FuzzAlias;"
    lines[i] = m.group(1) + "C10FuzzAlias " + ref + m.group(3) + " " + m.group(4) + m.group(5)
    lines.insert(i, m.group(1) + alias % declared)
    return "\n".join(lines)


def _same_block_statement_pair(lines, rng):
    statements = _code_line_indices(lines, STATEMENT)
    rng.shuffle(statements)
    for i in statements[:20]:
        depth = 0
        for j in range(i + 1, min(len(lines), i + 40)):
            depth += lines[j].count("{") - lines[j].count("}")
            if depth < 0:
                break
            if depth == 0 and STATEMENT.match(lines[j]) and rng.random() < 0.3:
                return i, j
    return None


def add_goto(text, rng):
    lines = _lines(text)
    pair = _same_block_statement_pair(lines, rng)
    if pair is None:
        return None
    i, j = pair
    indent = STATEMENT.match(lines[i]).group(1)
    if rng.random() < 0.5:
        # A backward jump: a loop the control-flow graph has to see.
        lines.insert(j + 1, indent + "if (c10_fuzz_counter++ < 2) goto c10_fuzz_label;")
        lines.insert(i, indent + "c10_fuzz_label:;")
        lines.insert(i, indent + "static int c10_fuzz_counter = 0;")
    else:
        # A forward jump over nothing but an empty statement.
        lines.insert(i + 1, indent + "goto c10_fuzz_label; c10_fuzz_label:;")
    return "\n".join(lines)


def add_try_catch(text, rng):
    lines = _lines(text)
    candidates = _code_line_indices(lines, STATEMENT)
    if not candidates:
        return None
    i = rng.choice(candidates)
    indent, stmt = STATEMENT.match(lines[i]).groups()
    lines[i] = indent + "try { " + stmt + " } catch (...) { throw; }"
    return "\n".join(lines)


def add_co_return(text, rng):
    lines = _lines(text)
    candidates = [i for i, line in enumerate(lines) if re.search(r"\breturn\b", line)
                  and not _in_comment(line)]
    if not candidates:
        return None
    i = rng.choice(candidates)
    lines[i] = re.sub(r"\breturn\b", "co_return", lines[i], count=1)
    return "\n".join(lines)


def add_structured_binding(text, rng):
    lines = _lines(text)
    decls = [(i, m) for i, m in _declarations(lines) if m.group(4) == "="]
    if not decls:
        return None
    i, m = rng.choice(decls)
    init = m.group(5).rstrip().rstrip(";")
    lines[i] = m.group(1) + "auto [" + m.group(3) + "] = std::make_tuple(" + init + ");"
    return "\n".join(lines)


def add_if_constexpr(text, rng):
    lines = _lines(text)
    pair = _same_block_statement_pair(lines, rng)
    if pair is None:
        return None
    i, j = pair
    indent = STATEMENT.match(lines[i]).group(1)
    lines.insert(j + 1, indent + "}")
    lines.insert(i, indent + "if constexpr (sizeof(int) > 0) {")
    return "\n".join(lines)


def truncate(text, rng):
    if len(text) < 2:
        return None
    return text[:rng.randrange(1, len(text))]


MUTATORS = [
    delete_token, delete_line, delete_closing_brace, duplicate_statement, swap_arguments,
    wrap_in_template, wrap_in_lambda, statement_into_macro, type_to_auto, type_to_alias,
    add_goto, add_try_catch, add_co_return, add_structured_binding, add_if_constexpr, truncate,
]
