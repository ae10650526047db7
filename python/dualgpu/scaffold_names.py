"""The names `dualgpu new` refuses for a project, as data: each group with the reason the message gives.

A project's name is a C++ namespace, a torch.ops namespace, a Python package and a project name at once,
so it must be none of these. What the list cannot know (every macro and declaration of the headers the
generated code includes: NAN, EINVAL, M_PI, PyObject, FILE) the C++ compiler is asked, in `dualgpu new`;
Python's own modules and the installed distributions are asked of the interpreter.
"""

# The shape every name must have: letters, digits and single '_', starting with a letter, not ending with '_'.
VALID_NAME = r"[A-Za-z](?:[A-Za-z0-9_]*[A-Za-z0-9])?"

# (reason, names): the reason reads "'<name>' is <reason>".
REFUSED = (
    ("a C++ keyword or alternative token: namespace {name} would not compile", """
        alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t
        class compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield
        decltype default delete do double dynamic_cast else enum explicit export extern false float for friend
        goto if import inline int long module mutable namespace new noexcept not not_eq nullptr operator or
        or_eq private protected public register reinterpret_cast requires return short signed sizeof static
        static_assert static_cast struct switch template this thread_local throw true try typedef typeid
        typename union unsigned using virtual void volatile wchar_t while xor xor_eq final override"""),
    ("a common C/C++ macro: it would be expanded in the generated code", """
        NULL errno linux unix i386 assert offsetof major minor makedev stdin stdout stderr EOF BUFSIZ CHAR_BIT
        INT_MAX INT_MIN SIZE_MAX PATH_MAX TRUE FALSE DEBUG NDEBUG signbit isnan isinf isfinite setjmp va_arg
        va_start va_end"""),
    ("a macro of the C/C++ or Python headers the project includes: namespace {name} would not compile",
     "NAN INFINITY HUGE_VAL EINVAL ENOMEM ERANGE M_PI M_E"),
    ("already declared by the C/C++ or Python headers the project includes: namespace {name} would not compile",
     "PyObject FILE size_t ptrdiff_t"),
    ("a namespace torch or DualGPU already uses (torch.ops.{name})", """
        aten prim prims quantized quantized_decomposed c10 c10d cuda mkldnn onednn sparse xnnpack nvprims
        rngprims higher_order inductor fbgemm profiler debugprims torchvision torchaudio std torch dualgpu"""),
    ("a Python keyword: import {name} would not parse", """
        False None True and as assert async await break class continue def del elif else except finally for
        from global if import in is lambda nonlocal not or pass raise return try while with yield"""),
)


def refused_reason(name):
    """Why <name> is refused by the table, or None."""
    for reason, names in REFUSED:
        if name in names.split():
            return reason.format(name=name)
    return None
