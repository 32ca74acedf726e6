/*
 * pokerkit_core._speedups: the per-hand call evaluate_mask as a CPython
 * built-in function, for loops that call it millions of times.  A cffi call
 * releases and retakes the GIL and saves errno on every call; for a
 * 10-nanosecond evaluation that is most of the cost.  This function does
 * neither: it reads an exact int, calls the evaluator and returns the value,
 * in about half the time.
 *
 * It holds no evaluator of its own.  evaluator.py passes bind() the address
 * of pkc_eval_mask in the cffi module pokerkit_core._native (one copy of the
 * tables) and the pure-Python evaluate_mask, which the built-in calls for
 * anything it does not handle itself: an argument that is not an exact int
 * (bool, NumPy integers, other objects) and every mask the C function
 * refuses, so that the errors and their messages come from one place.
 *
 * Each built-in bind() returns carries its own binding (a capsule as its
 * `self`, holding the function pointer and a reference to the fallback), so
 * there is no global state: several bindings, module reloads and
 * subinterpreters do not affect one another, and a binding lives as long as
 * its function.
 *
 * Built with the stable ABI (Py_LIMITED_API, set by setup.py) where the
 * interpreter allows it; not built on PyPy, where cffi is the fast path.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

typedef int (*eval_mask_fn)(uint64_t mask);

typedef struct {
    eval_mask_fn eval_mask; /* pkc_eval_mask */
    PyObject *fallback;     /* the Python evaluate_mask (a strong reference) */
} binding_t;

static PyObject *evaluate_mask(PyObject *self, PyObject *arg)
{
    const binding_t *b = (const binding_t *)PyCapsule_GetPointer(self, NULL);
    if (b == NULL) {
        return NULL;
    }
    if (PyLong_CheckExact(arg)) {
        unsigned long long mask = PyLong_AsUnsignedLongLong(arg);
        if (mask == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear(); /* negative or above 2**64 - 1: the fallback says so */
        } else {
            int value = b->eval_mask((uint64_t)mask);
            if (value != 0) {
                return PyLong_FromLong(value);
            }
        }
    }
    /* `self` (the capsule, and with it the fallback) is kept alive by the
     * function object for the length of this call */
    return PyObject_CallFunctionObjArgs(b->fallback, arg, NULL);
}

static void free_binding(PyObject *capsule)
{
    binding_t *b = (binding_t *)PyCapsule_GetPointer(capsule, NULL);
    if (b != NULL) {
        Py_XDECREF(b->fallback);
        PyMem_Free(b);
    }
}

/* The method definition shared by every binding; its doc is the fallback's
 * (the first bind() sets it), prefixed with the signature line that gives
 * __text_signature__. */
static PyMethodDef evaluate_mask_def = {"evaluate_mask", evaluate_mask, METH_O, NULL};

static int set_doc(PyObject *fallback)
{
    static const char head[] = "evaluate_mask(mask, /)\n--\n\n";
    const char *text = NULL;
    char *doc;
    PyObject *doc_object;
    if (evaluate_mask_def.ml_doc != NULL) {
        return 0;
    }
    doc_object = PyObject_GetAttrString(fallback, "__doc__");
    if (doc_object == NULL) {
        return -1;
    }
    if (PyUnicode_Check(doc_object)) {
        text = PyUnicode_AsUTF8AndSize(doc_object, NULL);
    }
    if (text == NULL) {
        PyErr_Clear();
        text = "";
    }
    doc = (char *)PyMem_Malloc(sizeof head + strlen(text)); /* kept for good */
    if (doc == NULL) {
        Py_DECREF(doc_object);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(doc, head, sizeof head - 1);
    strcpy(doc + sizeof head - 1, text);
    evaluate_mask_def.ml_doc = doc;
    Py_DECREF(doc_object);
    return 0;
}

/* bind(address, fallback, /) -> the built-in evaluate_mask.
 *
 * address: int, the address of pkc_eval_mask (from cffi's ffi.addressof).
 * fallback: the Python evaluate_mask; its __doc__, __module__ and behaviour
 * for everything but a valid exact-int mask carry over. */
static PyObject *bind(PyObject *self, PyObject *args)
{
    PyObject *address, *fallback, *module, *capsule, *function;
    binding_t *b;
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
    if (set_doc(fallback) < 0) {
        return NULL;
    }
    module = PyObject_GetAttrString(fallback, "__module__");
    if (module == NULL) {
        return NULL;
    }
    b = (binding_t *)PyMem_Malloc(sizeof *b);
    if (b == NULL) {
        Py_DECREF(module);
        return PyErr_NoMemory();
    }
    /* a data pointer to a function pointer: what ffi.addressof gave */
    memcpy(&b->eval_mask, &pointer, sizeof b->eval_mask);
    Py_INCREF(fallback);
    b->fallback = fallback;
    capsule = PyCapsule_New(b, NULL, free_binding);
    if (capsule == NULL) {
        Py_DECREF(fallback);
        PyMem_Free(b);
        Py_DECREF(module);
        return NULL;
    }
    function = PyCFunction_NewEx(&evaluate_mask_def, capsule, module);
    Py_DECREF(capsule);
    Py_DECREF(module);
    return function;
}

static PyMethodDef module_methods[] = {
    {"bind", bind, METH_VARARGS,
     "bind(address, fallback, /)\n--\n\nThe built-in evaluate_mask bound to "
     "pkc_eval_mask at `address` and to `fallback` (private: evaluator.py "
     "calls it once)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "pokerkit_core._speedups",
    "The per-hand evaluate_mask as a CPython built-in (see csrc/pkc_speedups.c).",
    -1, module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__speedups(void)
{
    PyObject *module = PyModule_Create(&module_def);
#ifdef Py_GIL_DISABLED
    /* no shared mutable state: safe without the GIL */
    if (module != NULL && PyUnstable_Module_SetGIL(module, Py_MOD_GIL_NOT_USED) < 0) {
        Py_DECREF(module);
        return NULL;
    }
#endif
    return module;
}
