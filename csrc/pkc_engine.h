/* What the files of pokerkit_core._speedups share: the hand-state kernel's
 * module functions, StateBase type and state layout (csrc/pkc_engine.c),
 * added to the module by pkc_speedups.c. */
#ifndef PKC_ENGINE_H
#define PKC_ENGINE_H

#include <Python.h>

/* ---- the hand state's layout (csrc/pkc_engine.c) ---- */

/* The private fields of a hand state, in StateBase's slot order. */
enum {
    F_CONFIG, F_DEAL, F_STREET, F_TO_ACT, F_BOARD, F_STACKS, F_BETS, F_CONTRIBS,
    F_FOLDED, F_ACTED, F_CALL_TO, F_MIN_INC, F_NRAISES, F_HISTORY, F_SHOWN,
    F_BOARDS, F_SHOWDOWN, F_VALUES, NFIELDS
};

typedef struct {
    PyObject_HEAD
    PyObject *f[NFIELDS];
} state_t;

#define MAX_N 16 /* seats the kernel handles (the library allows 10) */

/* StateBase, set once by pkc_engine_add (NULL before). */
extern PyTypeObject *pkc_state_base;

/* An exact int in [lo, hi] into *out; 0 if it is not one (no error set, and
 * no Python code runs). */
int pkc_small_int(PyObject *value, long long lo, long long hi, long long *out);

/* An exact tuple of n exact ints in [lo, hi] into out[]; 0 if not (no error
 * set, and no Python code runs). */
int pkc_int_tuple(PyObject *tuple, Py_ssize_t n, long long lo, long long hi, long long *out);

/* deal_codes, deal_record, copy_state, state_json and bind_engine,
 * NULL-terminated. */
extern PyMethodDef pkc_engine_methods[];

/* Adds StateBase to `module`; 0, or -1 with a Python error set. */
int pkc_engine_add(PyObject *module);

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
