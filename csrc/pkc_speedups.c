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
 * bind_evaluate() does the same for evaluate(cards): a tuple or list of 5
 * to 7 of the library's own (interned) Card objects is evaluated here and
 * the HandRank built here; card text and everything unusual goes to the
 * Python evaluate.
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

/* ---- evaluate(cards) --------------------------------------------------- */

#define CARD_SLOTS 128 /* open addressing: the 52 Card objects by address */

typedef struct {
    eval_mask_fn eval_mask;
    PyObject *fallback;            /* the Python evaluate */
    PyObject *hand_rank;           /* the HandRank class */
    PyObject *names[3];            /* "value", "cards", "_best_five" */
    PyObject *card_at[CARD_SLOTS]; /* borrowed: the cards tuple holds them */
    uint64_t mask_at[CARD_SLOTS];
    PyObject *cards;               /* the CARDS tuple (a strong reference) */
} eval_binding_t;

static size_t card_slot(const void *card)
{
    return ((uintptr_t)card >> 4) * 0x9e3779b1u % CARD_SLOTS;
}

/* The mask bit of `card` if it is one of the 52 Card objects, else 0. */
static uint64_t card_mask(const eval_binding_t *b, PyObject *card)
{
    size_t i = card_slot(card), k;
    for (k = 0; k < CARD_SLOTS; k++, i = (i + 1) % CARD_SLOTS) {
        if (b->card_at[i] == card) {
            return b->mask_at[i];
        }
        if (b->card_at[i] == NULL) {
            return 0;
        }
    }
    return 0;
}

static PyObject *evaluate_cards(PyObject *self, PyObject *arg)
{
    const eval_binding_t *b = (const eval_binding_t *)PyCapsule_GetPointer(self, NULL);
    PyObject *hand = NULL, *rank = NULL, *value = NULL;
    Py_ssize_t n, i;
    uint64_t mask = 0;
    int ok = 1, v;
    if (b == NULL) {
        return NULL;
    }
    if (PyTuple_CheckExact(arg)) {
        Py_INCREF(arg);
        hand = arg;
    } else if (PyList_CheckExact(arg)) {
        hand = PySequence_Tuple(arg);
        if (hand == NULL) {
            return NULL;
        }
    } else {
        return PyObject_CallFunctionObjArgs(b->fallback, arg, NULL);
    }
    n = PyTuple_Size(hand);
    if (n < 5 || n > 7) {
        ok = 0;
    }
    for (i = 0; ok && i < n; i++) {
        uint64_t bit = card_mask(b, PyTuple_GetItem(hand, i));
        if (bit == 0 || (mask & bit)) {
            ok = 0; /* not one of our Cards, or a duplicate */
        }
        mask |= bit;
    }
    v = ok ? b->eval_mask(mask) : 0;
    if (v == 0) { /* the Python evaluate says what is wrong, or copes */
        PyObject *result = PyObject_CallFunctionObjArgs(b->fallback, arg, NULL);
        Py_DECREF(hand);
        return result;
    }
    value = PyLong_FromLong(v);
    if (value != NULL) {
        void *slot = PyType_GetSlot((PyTypeObject *)b->hand_rank, Py_tp_alloc);
        allocfunc alloc = NULL;
        memcpy(&alloc, &slot, sizeof alloc); /* a data pointer to a function pointer */
        rank = alloc != NULL ? alloc((PyTypeObject *)b->hand_rank, 0) : NULL;
    }
    if (rank == NULL || PyObject_SetAttr(rank, b->names[0], value) < 0 ||
        PyObject_SetAttr(rank, b->names[1], hand) < 0 ||
        PyObject_SetAttr(rank, b->names[2], Py_None) < 0) {
        Py_CLEAR(rank);
        if (!PyErr_Occurred()) {
            PyErr_NoMemory();
        }
    }
    Py_XDECREF(value);
    Py_DECREF(hand);
    return rank;
}

static void free_eval_binding(PyObject *capsule)
{
    eval_binding_t *b = (eval_binding_t *)PyCapsule_GetPointer(capsule, NULL);
    int i;
    if (b != NULL) {
        Py_XDECREF(b->fallback);
        Py_XDECREF(b->hand_rank);
        Py_XDECREF(b->cards);
        for (i = 0; i < 3; i++) {
            Py_XDECREF(b->names[i]);
        }
        PyMem_Free(b);
    }
}

/* The method definition shared by every binding; its doc is the fallback's
 * (the first bind() sets it), prefixed with the signature line that gives
 * __text_signature__. */
static PyMethodDef evaluate_mask_def = {"evaluate_mask", evaluate_mask, METH_O, NULL};
static PyMethodDef evaluate_def = {"evaluate", evaluate_cards, METH_O, NULL};

static int set_doc(PyMethodDef *def, const char *head, PyObject *fallback)
{
    const char *text = NULL;
    char *doc;
    PyObject *doc_object;
    if (def->ml_doc != NULL) {
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
    doc = (char *)PyMem_Malloc(strlen(head) + strlen(text) + 1); /* kept for good */
    if (doc == NULL) {
        Py_DECREF(doc_object);
        PyErr_NoMemory();
        return -1;
    }
    strcpy(doc, head);
    strcat(doc, text);
    def->ml_doc = doc;
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
    if (set_doc(&evaluate_mask_def, "evaluate_mask(mask, /)\n--\n\n", fallback) < 0) {
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

/* bind_evaluate(address, fallback, cards, hand_rank, /) -> the built-in
 * evaluate.  address: of pkc_eval_mask; fallback: the Python evaluate;
 * cards: the tuple of the 52 Card objects, code order (each with an int
 * `mask`); hand_rank: the HandRank class (slots value, cards, _best_five). */
static PyObject *bind_evaluate(PyObject *self, PyObject *args)
{
    PyObject *address, *fallback, *cards, *hand_rank, *module, *capsule, *function;
    static const char *const names[3] = {"value", "cards", "_best_five"};
    eval_binding_t *b;
    void *pointer;
    Py_ssize_t code;
    int i;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!OO!O!:bind_evaluate", &PyLong_Type, &address, &fallback,
                          &PyTuple_Type, &cards, &PyType_Type, &hand_rank)) {
        return NULL;
    }
    pointer = PyLong_AsVoidPtr(address);
    if (pointer == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "bind_evaluate() needs the address of pkc_eval_mask");
        }
        return NULL;
    }
    if (!PyCallable_Check(fallback) || PyTuple_Size(cards) != 52) {
        PyErr_SetString(PyExc_TypeError, "bind_evaluate() needs a callable and the 52 cards");
        return NULL;
    }
    if (set_doc(&evaluate_def, "evaluate(cards, /)\n--\n\n", fallback) < 0) {
        return NULL;
    }
    b = (eval_binding_t *)PyMem_Calloc(1, sizeof *b);
    if (b == NULL) {
        return PyErr_NoMemory();
    }
    capsule = PyCapsule_New(b, NULL, free_eval_binding);
    if (capsule == NULL) {
        PyMem_Free(b);
        return NULL;
    }
    memcpy(&b->eval_mask, &pointer, sizeof b->eval_mask);
    Py_INCREF(fallback);
    b->fallback = fallback;
    Py_INCREF(hand_rank);
    b->hand_rank = hand_rank;
    Py_INCREF(cards);
    b->cards = cards;
    for (i = 0; i < 3; i++) {
        b->names[i] = PyUnicode_InternFromString(names[i]);
        if (b->names[i] == NULL) {
            Py_DECREF(capsule);
            return NULL;
        }
    }
    for (code = 0; code < 52; code++) {
        PyObject *card = PyTuple_GetItem(cards, code);
        PyObject *mask_object = card != NULL ? PyObject_GetAttrString(card, "mask") : NULL;
        unsigned long long mask;
        size_t slot;
        if (mask_object == NULL) {
            mask = 0;
        } else {
            mask = PyLong_AsUnsignedLongLong(mask_object);
            Py_DECREF(mask_object);
        }
        if (PyErr_Occurred() || mask == 0 || mask == (unsigned long long)-1) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError, "bind_evaluate() needs Cards with an int mask");
            Py_DECREF(capsule);
            return NULL;
        }
        slot = card_slot(card);
        while (b->card_at[slot] != NULL) {
            slot = (slot + 1) % CARD_SLOTS;
        }
        b->card_at[slot] = card; /* kept alive by b->cards */
        b->mask_at[slot] = (uint64_t)mask;
    }
    module = PyObject_GetAttrString(fallback, "__module__");
    if (module == NULL) {
        Py_DECREF(capsule);
        return NULL;
    }
    function = PyCFunction_NewEx(&evaluate_def, capsule, module);
    Py_DECREF(capsule);
    Py_DECREF(module);
    return function;
}

static PyMethodDef module_methods[] = {
    {"bind_evaluate", bind_evaluate, METH_VARARGS,
     "bind_evaluate(address, fallback, cards, hand_rank, /)\n--\n\nThe built-in "
     "evaluate (private: evaluator.py calls it once)."},
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
