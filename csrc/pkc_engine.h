/* The hand-state kernel of pokerkit_core._speedups (csrc/pkc_engine.c):
 * its module functions and the StateBase type, added by pkc_speedups.c. */
#ifndef PKC_ENGINE_H
#define PKC_ENGINE_H

#include <Python.h>

/* copy_state and bind_engine, NULL-terminated. */
extern PyMethodDef pkc_engine_methods[];

/* Adds StateBase to `module`; 0, or -1 with a Python error set. */
int pkc_engine_add(PyObject *module);

/* Gives the built-in `def` the doc of `fallback` after the signature line
 * `head` (which sets __text_signature__), on the first bind only; 0, or -1
 * with a Python error set.  Defined in pkc_speedups.c, shared by both files
 * of the _speedups extension. */
int pkc_set_doc(PyMethodDef *def, const char *head, PyObject *fallback);

#endif
