/* The hand-state kernel of pokerkit_core._speedups (csrc/pkc_engine.c):
 * its module functions and the StateBase type, added by pkc_speedups.c. */
#ifndef PKC_ENGINE_H
#define PKC_ENGINE_H

#include <Python.h>

/* copy_state and bind_engine, NULL-terminated. */
extern PyMethodDef pkc_engine_methods[];

/* Adds StateBase to `module`; 0, or -1 with a Python error set. */
int pkc_engine_add(PyObject *module);

#endif
