/*
 * Positional builders of slotted value classes, for pokerkit_core._speedups.
 *
 * The engine builds one Observation (a frozen dataclass with __slots__) per
 * decision, and an isolated policy's process rebuilds one per request.  The
 * Python way to fill 26 slots of a frozen class is 26 descriptor calls;
 * bind_slots() returns a built-in that allocates the object and stores its
 * arguments straight into the slots, as the dataclass constructor would
 * (no __init__ or __post_init__ runs, like the Python builder it replaces).
 *
 * Finding the slots under the stable ABI: a member descriptor's offset is
 * not part of the limited API, so bind_slots() finds each slot's place once,
 * by experiment: it allocates one instance, stores a distinct marker object
 * in each named slot through the generic attribute setter, and looks for
 * each marker among the instance's pointer-sized words.  Each must be found
 * exactly once, past the object header and inside __basicsize__, or the
 * bind fails (a TypeError).  Only a class of metaclass type whose __new__ is
 * object.__new__ is bound: its allocator alone makes a whole instance, and
 * its __basicsize__ is its own; and not one with a finalizer (__del__),
 * which would run on the probe.
 *
 * A call with the wrong number of arguments, or with keywords, goes to the
 * Python builder (the fallback), so its errors come from one place.  The
 * builder holds no global state: its binding (type, allocator, offsets,
 * fallback) lives in a small module object, as pkc_speedups.c's bindings do.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "pkc_engine.h"

#define MAX_SLOTS 64 /* Observation has one per field */

typedef struct {
    PyObject *type;     /* the class (strong) */
    PyObject *fallback; /* the Python builder (strong) */
    allocfunc alloc;
    Py_ssize_t count;
    Py_ssize_t offset[MAX_SLOTS]; /* of each slot, bytes from the object's start */
    PyMethodDef def;              /* the built-in's, with its own signature */
    char *doc;                    /* def.ml_doc (owned) */
} slots_t;

static int slots_traverse(PyObject *holder, visitproc visit, void *arg)
{
    slots_t *b = (slots_t *)PyModule_GetState(holder);
    if (b != NULL) {
        Py_VISIT(b->type);
        Py_VISIT(b->fallback);
    }
    return 0;
}

static int slots_clear(PyObject *holder)
{
    slots_t *b = (slots_t *)PyModule_GetState(holder);
    if (b != NULL) {
        Py_CLEAR(b->type);
        Py_CLEAR(b->fallback);
    }
    return 0;
}

static void slots_free(void *holder)
{
    slots_t *b = (slots_t *)PyModule_GetState((PyObject *)holder);
    slots_clear((PyObject *)holder);
    if (b != NULL) {
        PyMem_Free(b->doc);
        b->doc = NULL;
    }
}

static struct PyModuleDef slots_def = {
    PyModuleDef_HEAD_INIT, "pokerkit_core._speedups.slots_builder", NULL, sizeof(slots_t), NULL,
    NULL, slots_traverse, slots_clear, slots_free};

static PyObject *build(PyObject *holder, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    slots_t *b = (slots_t *)PyModule_GetState(holder);
    PyObject *made;
    Py_ssize_t i;
    if (nargs != b->count || (kwnames != NULL && PyTuple_Size(kwnames) > 0)) {
        return pkc_call_fallback(b->fallback, args, nargs, kwnames);
    }
    made = b->alloc((PyTypeObject *)b->type, 0);
    if (made == NULL) {
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    for (i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        memcpy((char *)made + b->offset[i], &args[i], sizeof(PyObject *));
    }
    return made;
}

/* Finds the offset of each slot named in `names` in instances of `type` (see
 * the file's comment); 0, or -1 with a Python error set. */
static int find_offsets(slots_t *b, PyObject *names)
{
    PyObject *basic = PyObject_GetAttrString(b->type, "__basicsize__");
    PyObject *probe, *markers;
    Py_ssize_t size, i, word, words, found = 0;
    int result = -1;
    if (basic == NULL) {
        return -1;
    }
    size = PyLong_AsSsize_t(basic);
    Py_DECREF(basic);
    if (size < 0) {
        return -1;
    }
    words = size / (Py_ssize_t)sizeof(PyObject *);
    probe = b->alloc((PyTypeObject *)b->type, 0);
    markers = PyTuple_New(b->count);
    if (probe == NULL || markers == NULL) {
        goto done;
    }
    for (i = 0; i < b->count; i++) {
        PyObject *marker = PyList_New(0); /* a new object: a unique address */
        if (marker == NULL) {
            goto done;
        }
        PyTuple_SetItem(markers, i, marker);
        if (PyObject_GenericSetAttr(probe, PyTuple_GetItem(names, i), marker) < 0) {
            goto done;
        }
    }
    for (i = 0; i < b->count; i++) {
        PyObject *marker = PyTuple_GetItem(markers, i);
        Py_ssize_t at = -1;
        for (word = (Py_ssize_t)(sizeof(PyObject) / sizeof(PyObject *)); word < words; word++) {
            PyObject *held;
            memcpy(&held, (char *)probe + word * (Py_ssize_t)sizeof(PyObject *), sizeof held);
            if (held == marker) {
                if (at >= 0) {
                    at = -2;
                    break;
                }
                at = word * (Py_ssize_t)sizeof(PyObject *);
            }
        }
        if (at < 0) {
            PyErr_Format(PyExc_TypeError, "bind_slots(): slot %R is not a plain object slot",
                         PyTuple_GetItem(names, i));
            goto done;
        }
        b->offset[i] = at;
        found++;
    }
    result = found == b->count ? 0 : -1;
done:
    Py_XDECREF(probe); /* its dealloc releases the markers it holds */
    Py_XDECREF(markers);
    return result;
}

/* The built-in's doc: a signature line with one positional-only parameter
 * per name, then the fallback's doc; 0, or -1 with a Python error set. */
static int make_doc(slots_t *b, PyObject *names)
{
    PyObject *separator = PyUnicode_FromString(", "), *joined, *doc, *text;
    const char *utf8;
    Py_ssize_t size;
    if (separator == NULL) {
        return -1;
    }
    joined = PyUnicode_Join(separator, names);
    Py_DECREF(separator);
    text = PyObject_GetAttrString(b->fallback, "__doc__");
    if (joined == NULL || text == NULL) {
        Py_XDECREF(joined);
        Py_XDECREF(text);
        return -1;
    }
    doc = PyUnicode_Check(text)
              ? PyUnicode_FromFormat("build($module, %U, /)\n--\n\n%U", joined, text)
              : PyUnicode_FromFormat("build($module, %U, /)\n--\n\n", joined);
    Py_DECREF(joined);
    Py_DECREF(text);
    utf8 = doc != NULL ? PyUnicode_AsUTF8AndSize(doc, &size) : NULL;
    if (utf8 == NULL) {
        Py_XDECREF(doc);
        return -1;
    }
    b->doc = (char *)PyMem_Malloc((size_t)size + 1);
    if (b->doc != NULL) {
        memcpy(b->doc, utf8, (size_t)size + 1);
    }
    Py_DECREF(doc);
    if (b->doc == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    b->def.ml_name = "build";
    b->def.ml_meth = (PyCFunction)(void (*)(void))build;
    b->def.ml_flags = METH_FASTCALL | METH_KEYWORDS;
    b->def.ml_doc = b->doc;
    return 0;
}

/* bind_slots(cls, names, fallback, /) -> a built-in building `cls` from one
 * positional argument per slot of `names` (a tuple of str, in order). */
static PyObject *bind_slots(PyObject *self, PyObject *args)
{
    PyObject *type, *names, *fallback, *holder, *function, *module;
    slots_t *b;
    void *slot;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O:bind_slots", &PyType_Type, &type, &PyTuple_Type, &names,
                          &fallback)) {
        return NULL;
    }
    if (PyTuple_Size(names) < 1 || PyTuple_Size(names) > MAX_SLOTS || !PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "bind_slots() needs 1 to 64 slot names and a callable fallback");
        return NULL;
    }
    /* a class whose metaclass is type (no other metaclass can fake
     * __basicsize__, which bounds the scan) and whose __new__ is object's, so
     * that the allocator alone makes a whole instance, as object.__new__
     * does: a subclass of a builtin (an exception, int, type itself) needs its
     * own __new__, and an instance made without it may crash when used */
    if (Py_TYPE(type) != &PyType_Type ||
        PyType_GetSlot((PyTypeObject *)type, Py_tp_new) != PyType_GetSlot(&PyBaseObject_Type, Py_tp_new)) {
        PyErr_SetString(PyExc_TypeError,
                        "bind_slots() needs a class of metaclass type whose __new__ is object.__new__");
        return NULL;
    }
    /* nor a finalizer (__del__): it would run on the probe instance */
    if (PyType_GetSlot((PyTypeObject *)type, Py_tp_finalize) != NULL) {
        PyErr_SetString(PyExc_TypeError, "bind_slots() needs a class without __del__");
        return NULL;
    }
    slot = PyType_GetSlot((PyTypeObject *)type, Py_tp_alloc);
    if (slot == NULL) {
        PyErr_SetString(PyExc_TypeError, "bind_slots() needs a class with an allocator");
        return NULL;
    }
    holder = PyModule_Create(&slots_def);
    if (holder == NULL) {
        return NULL;
    }
    b = (slots_t *)PyModule_GetState(holder);
    memcpy(&b->alloc, &slot, sizeof b->alloc);
    Py_INCREF(type);
    b->type = type;
    Py_INCREF(fallback);
    b->fallback = fallback;
    b->count = PyTuple_Size(names);
    if (find_offsets(b, names) < 0 || make_doc(b, names) < 0) {
        Py_DECREF(holder);
        return NULL;
    }
    module = PyObject_GetAttrString(fallback, "__module__");
    if (module == NULL) {
        Py_DECREF(holder);
        return NULL;
    }
    function = PyCFunction_NewEx(&b->def, holder, module);
    Py_DECREF(module);
    Py_DECREF(holder);
    return function;
}

PyMethodDef pkc_slots_methods[] = {
    {"bind_slots", bind_slots, METH_VARARGS,
     "bind_slots($module, cls, names, fallback, /)\n--\n\nA built-in building `cls` from one "
     "positional argument per slot in `names`, stored without __init__; other calls go to "
     "`fallback` (private: observation.py calls it once)."},
    {NULL, NULL, 0, NULL}};
