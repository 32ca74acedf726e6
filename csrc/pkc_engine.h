/* What the files of pokerkit_core._speedups share: the hand-state kernel's
 * module functions and StateBase type (csrc/pkc_engine.c) and the slotted
 * value builders (csrc/pkc_slots.c), added to the module by pkc_speedups.c. */
#ifndef PKC_ENGINE_H
#define PKC_ENGINE_H

#include <Python.h>

/* copy_state and bind_engine, NULL-terminated. */
extern PyMethodDef pkc_engine_methods[];

/* Adds StateBase to `module`; 0, or -1 with a Python error set. */
int pkc_engine_add(PyObject *module);

/* bind_slots (csrc/pkc_slots.c), NULL-terminated. */
extern PyMethodDef pkc_slots_methods[];

/* Gives the built-in `def` the doc of `fallback` after the signature line
 * `head` (which sets __text_signature__), on the first bind only; 0, or -1
 * with a Python error set.  Defined in pkc_speedups.c, shared by both files
 * of the _speedups extension. */
int pkc_set_doc(PyMethodDef *def, const char *head, PyObject *fallback);

/* The call went to a built-in with keywords or a wrong number of arguments:
 * hands the whole vectorcall (`args`, `nargs` positional, then one per name in
 * `kwnames`) to `fallback` (PyObject_Vectorcall is not in the stable ABI
 * before 3.12).  Defined in pkc_speedups.c. */
PyObject *pkc_call_fallback(PyObject *fallback, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames);

#endif
