"""What a compiled function calls, read from its LLVM: the tests of borrowed views and stack
masks (no reference counting, no allocation) count the runtime calls numba emitted."""

REFCOUNTS = ("@NRT_incref", "@NRT_decref")  # numba's reference counting
ALLOCATIONS = ("@NRT_MemInfo_alloc",)  # numba's heap arrays


def calls(dispatcher, sig, names) -> int:
    """Occurrences of ``names`` on the call lines of ``dispatcher``'s function compiled for
    ``sig`` (a function compiled in this process: numba cannot inspect a cached one)."""
    return sum(line.count(name) for line in dispatcher.inspect_llvm(sig).splitlines()
               if "call" in line for name in names)


def only_calls(dispatcher, names) -> int:
    """:func:`calls` of ``dispatcher``'s one compiled signature."""
    (sig,) = dispatcher.signatures
    return calls(dispatcher, sig, names)
