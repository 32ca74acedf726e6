/*
 * pokerkit_core._speedups: the per-hand call evaluate_mask as a CPython
 * built-in function (C API, stable ABI), for loops that call it millions of
 * times.  A cffi call releases and retakes the GIL and saves errno on every
 * call; for a 10-nanosecond evaluation that is most of the cost.  This
 * function does neither: it reads an exact int, calls the evaluator and
 * returns the value, in about half the time.
 *
 * It holds no evaluator of its own.  evaluator.py passes it the address of
 * pkc_eval_mask in the cffi module pokerkit_core._native (one copy of the
 * tables) and the pure-Python evaluate_mask, which it calls for anything it
 * does not handle itself: an argument that is not an exact int (bool, NumPy
 * integers, other objects) and every mask the C function refuses, so that the
 * errors and their messages come from one place.
 *
 * Not built on PyPy, where cffi is the fast path (setup.py).
 */
#define PY_SSIZE_T_CLEAN
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030A0000
#endif
#include <Python.h>

#include <stdint.h>
#include <string.h>

typedef int (*eval_mask_fn)(uint64_t mask);

/* Set by bind() (evaluator.py calls it once at import; a later call, as
 * after a reload, replaces both). */
static eval_mask_fn bound_eval_mask;
static PyObject *bound_fallback;

static PyObject *evaluate_mask(PyObject *self, PyObject *arg)
{
    (void)self;
    if (PyLong_CheckExact(arg)) {
        unsigned long long mask = PyLong_AsUnsignedLongLong(arg);
        if (mask == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear(); /* negative or above 2**64 - 1: the fallback says so */
        } else {
            int value = bound_eval_mask((uint64_t)mask);
            if (value != 0) {
                return PyLong_FromLong(value);
            }
        }
    }
    return PyObject_CallFunctionObjArgs(bound_fallback, arg, NULL);
}

/* The method definition of the built-in; its doc is the fallback's,
 * prefixed with the signature line that gives __text_signature__. */
static PyMethodDef evaluate_mask_def = {"evaluate_mask", evaluate_mask, METH_O, NULL};
static char *evaluate_mask_doc; /* set once by bind(), never freed */

/* bind(address, fallback) -> the built-in evaluate_mask.
 *
 * address: int, the address of pkc_eval_mask (from cffi's ffi.addressof).
 * fallback: the Python evaluate_mask; its __doc__, __module__ and behaviour
 * for everything but a valid exact-int mask carry over. */
static PyObject *bind(PyObject *self, PyObject *args)
{
    PyObject *address, *fallback, *doc, *module, *function;
    const char *text = NULL;
    void *pointer;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O:bind", &PyLong_Type, &address, &fallback)) {
        return NULL;
    }
    pointer = PyLong_AsVoidPtr(address);
    if (pointer == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "bind() needs the address of pkc_eval_mask");
        }
        return NULL;
    }
    if (!PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "bind() needs a callable fallback");
        return NULL;
    }
    if (evaluate_mask_doc == NULL) {
        static const char head[] = "evaluate_mask(mask, /)\n--\n\n";
        doc = PyObject_GetAttrString(fallback, "__doc__");
        if (doc == NULL) {
            return NULL;
        }
        if (PyUnicode_Check(doc)) {
            text = PyUnicode_AsUTF8AndSize(doc, NULL);
        }
        if (text == NULL) {
            PyErr_Clear();
            text = "";
        }
        evaluate_mask_doc = (char *)PyMem_Malloc(sizeof head + strlen(text));
        if (evaluate_mask_doc == NULL) {
            Py_DECREF(doc);
            return PyErr_NoMemory();
        }
        memcpy(evaluate_mask_doc, head, sizeof head - 1);
        strcpy(evaluate_mask_doc + sizeof head - 1, text);
        evaluate_mask_def.ml_doc = evaluate_mask_doc;
        Py_DECREF(doc);
    }
    /* a data pointer to a function pointer: what ffi.addressof gave */
    memcpy(&bound_eval_mask, &pointer, sizeof bound_eval_mask);
    {
        PyObject *old = bound_fallback;
        Py_INCREF(fallback);
        bound_fallback = fallback;
        Py_XDECREF(old);
    }
    module = PyObject_GetAttrString(fallback, "__module__");
    if (module == NULL) {
        return NULL;
    }
    function = PyCFunction_NewEx(&evaluate_mask_def, NULL, module);
    Py_DECREF(module);
    return function;
}

static PyMethodDef module_methods[] = {
    {"bind", bind, METH_VARARGS,
     "bind(address, fallback) -> the built-in evaluate_mask (private: "
     "evaluator.py calls it once)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "pokerkit_core._speedups",
    "The per-hand evaluate_mask as a CPython built-in (see csrc/pkc_speedups.c).",
    -1, module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__speedups(void)
{
    return PyModule_Create(&module_def);
}
