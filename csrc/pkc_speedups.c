/*
 * pokerkit_core._speedups: the per-hand calls evaluate_mask(mask) and
 * evaluate(cards) as CPython built-in functions, for loops that call them
 * millions of times.  A cffi call releases and retakes the GIL and saves
 * errno on every call; for a 10-nanosecond evaluation that is most of the
 * cost.  These functions do neither.
 *
 * They hold no evaluator of their own.  evaluator.py passes the address of
 * pkc_eval_mask in the cffi module pokerkit_core._native (one copy of the
 * tables) and the pure-Python function of the same name, the fallback,
 * which the built-in calls for everything it does not handle itself:
 *
 *   evaluate_mask: an exact int mask of 5 to 7 card bits is evaluated here;
 *       anything else (bools, NumPy integers, bad masks) goes to the fallback.
 *   evaluate: an exact tuple or list of 5 to 7 of the library's own
 *       (interned) Card objects is evaluated here and its HandRank built
 *       here; card text and everything else goes to the fallback.
 *   Keyword calls go to the fallback too.
 *
 * So results and errors (with their messages) come from one place.
 *
 * Each built-in carries its own binding: its `self` is a small module object
 * ("pokerkit_core._speedups.binding") whose state holds the function pointer
 * and strong references to the fallback (and for evaluate the Card objects
 * and the HandRank class).  There is no global state, so several bindings,
 * module reloads and subinterpreters do not affect one another; a binding
 * lives as long as its function and takes part in garbage collection; and
 * because `self` is a module the built-in pickles by name, as a function
 * does.
 *
 * The module also holds the hand-state kernel (csrc/pkc_engine.c): the C
 * base type of a hand state's fields and the common case of act and
 * legal_actions.
 *
 * Built with the stable ABI (Py_LIMITED_API, set by setup.py) where the
 * interpreter allows it; not built on PyPy, where cffi is the fast path.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#include "pkc_engine.h"

typedef int (*eval_mask_fn)(uint64_t mask);

#define CARD_SLOTS 128 /* open addressing: the 52 Card objects by address */

typedef struct {
    eval_mask_fn eval_mask;        /* pkc_eval_mask */
    PyObject *fallback;            /* the Python function of the same name */
    PyObject *hand_rank;           /* evaluate: the HandRank class */
    PyObject *cards;               /* evaluate: the CARDS tuple */
    PyObject *names[3];            /* evaluate: "value", "cards", "_best_five" */
    PyObject *card_at[CARD_SLOTS]; /* borrowed: `cards` holds them */
    uint64_t mask_at[CARD_SLOTS];
} binding_t;

static int binding_traverse(PyObject *holder, visitproc visit, void *arg)
{
    binding_t *b = (binding_t *)PyModule_GetState(holder);
    if (b != NULL) {
        Py_VISIT(b->fallback);
        Py_VISIT(b->hand_rank);
        Py_VISIT(b->cards);
    }
    return 0;
}

static int binding_clear(PyObject *holder)
{
    binding_t *b = (binding_t *)PyModule_GetState(holder);
    int i;
    if (b != NULL) {
        Py_CLEAR(b->fallback);
        Py_CLEAR(b->hand_rank);
        Py_CLEAR(b->cards);
        for (i = 0; i < 3; i++) {
            Py_CLEAR(b->names[i]);
        }
        memset(b->card_at, 0, sizeof b->card_at);
    }
    return 0;
}

static void binding_free(void *holder)
{
    binding_clear((PyObject *)holder);
}

static struct PyModuleDef binding_def = {
    PyModuleDef_HEAD_INIT, "pokerkit_core._speedups.binding",
    "What one built-in of pokerkit_core._speedups is bound to.",
    sizeof(binding_t), NULL, NULL, binding_traverse, binding_clear, binding_free};

PyObject *pkc_call_fallback(PyObject *fallback, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames)
{
    PyObject *tuple, *kwargs = NULL, *result;
    Py_ssize_t i, nkw = kwnames != NULL ? PyTuple_Size(kwnames) : 0;
    tuple = PyTuple_New(nargs);
    if (tuple == NULL) {
        return NULL;
    }
    for (i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SetItem(tuple, i, args[i]);
    }
    if (nkw > 0) {
        kwargs = PyDict_New();
        for (i = 0; kwargs != NULL && i < nkw; i++) {
            if (PyDict_SetItem(kwargs, PyTuple_GetItem(kwnames, i), args[nargs + i]) < 0) {
                Py_CLEAR(kwargs);
            }
        }
        if (kwargs == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
    }
    result = PyObject_Call(fallback, tuple, kwargs);
    Py_DECREF(tuple);
    Py_XDECREF(kwargs);
    return result;
}

/* ---- evaluate_mask(mask) ----------------------------------------------- */

static PyObject *evaluate_mask(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames)
{
    const binding_t *b = (const binding_t *)PyModule_GetState(self);
    if (b == NULL) {
        return NULL;
    }
    if (nargs != 1 || kwnames != NULL) {
        return pkc_call_fallback(b->fallback, args, nargs, kwnames);
    }
    if (PyLong_CheckExact(args[0])) {
        unsigned long long mask = PyLong_AsUnsignedLongLong(args[0]);
        if (mask == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear(); /* negative or above 2**64 - 1: the fallback says so */
        } else {
            int value = b->eval_mask((uint64_t)mask);
            if (value != 0) {
                return PyLong_FromLong(value);
            }
        }
    }
    return PyObject_CallFunctionObjArgs(b->fallback, args[0], NULL);
}

/* ---- evaluate(cards) ---------------------------------------------------- */

static size_t card_slot(const void *card)
{
    return ((uintptr_t)card >> 4) * 0x9e3779b1u % CARD_SLOTS;
}

/* The mask bit of `card` if it is one of the 52 Card objects, else 0. */
static uint64_t card_mask(const binding_t *b, PyObject *card)
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

/* A HandRank of `value` for the tuple `hand`, as the Python evaluate builds
 * it (object.__new__ and three attributes). */
static PyObject *new_hand_rank(const binding_t *b, int value, PyObject *hand)
{
    PyObject *number = PyLong_FromLong(value), *rank = NULL;
    if (number != NULL) {
        void *slot = PyType_GetSlot((PyTypeObject *)b->hand_rank, Py_tp_alloc);
        allocfunc alloc = NULL;
        memcpy(&alloc, &slot, sizeof alloc); /* a data pointer to a function pointer */
        rank = alloc != NULL ? alloc((PyTypeObject *)b->hand_rank, 0) : NULL;
    }
    if (rank == NULL || PyObject_SetAttr(rank, b->names[0], number) < 0 ||
        PyObject_SetAttr(rank, b->names[1], hand) < 0 ||
        PyObject_SetAttr(rank, b->names[2], Py_None) < 0) {
        Py_CLEAR(rank);
        if (!PyErr_Occurred()) {
            PyErr_NoMemory();
        }
    }
    Py_XDECREF(number);
    return rank;
}

static PyObject *evaluate_cards(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames)
{
    const binding_t *b = (const binding_t *)PyModule_GetState(self);
    PyObject *arg, *hand, *result;
    Py_ssize_t n, i;
    uint64_t mask = 0;
    int value = 0;
    if (b == NULL) {
        return NULL;
    }
    if (nargs != 1 || kwnames != NULL) {
        return pkc_call_fallback(b->fallback, args, nargs, kwnames);
    }
    arg = args[0];
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
    if (n >= 5 && n <= 7) {
        for (i = 0; i < n; i++) {
            uint64_t bit = card_mask(b, PyTuple_GetItem(hand, i));
            if (bit == 0 || (mask & bit)) {
                break; /* not one of our Cards, or a duplicate */
            }
            mask |= bit;
        }
        value = i == n ? b->eval_mask(mask) : 0;
    }
    result = value != 0 ? new_hand_rank(b, value, hand)
                        : PyObject_CallFunctionObjArgs(b->fallback, arg, NULL);
    Py_DECREF(hand);
    return result;
}

/* ---- binding ------------------------------------------------------------ */

static PyMethodDef evaluate_mask_def = {"evaluate_mask", (PyCFunction)(void (*)(void))evaluate_mask,
                                        METH_FASTCALL | METH_KEYWORDS, NULL};
static PyMethodDef evaluate_def = {"evaluate", (PyCFunction)(void (*)(void))evaluate_cards,
                                   METH_FASTCALL | METH_KEYWORDS, NULL};

/* The doc of a built-in: the fallback's, after the signature line that
 * gives __text_signature__ (set by the first bind; the same for all). */
int pkc_set_doc(PyMethodDef *def, const char *head, PyObject *fallback)
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

/* A new binding holder for `address` and `fallback`, or NULL. */
static PyObject *new_binding(PyObject *address, PyObject *fallback, binding_t **state)
{
    PyObject *holder;
    void *pointer = PyLong_AsVoidPtr(address);
    if (pointer == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "a binding needs the address of pkc_eval_mask");
        }
        return NULL;
    }
    if (!PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "a binding needs a callable fallback");
        return NULL;
    }
    holder = PyModule_Create(&binding_def);
    if (holder == NULL) {
        return NULL;
    }
    *state = (binding_t *)PyModule_GetState(holder);
    memcpy(&(*state)->eval_mask, &pointer, sizeof(*state)->eval_mask);
    Py_INCREF(fallback);
    (*state)->fallback = fallback;
    return holder;
}

/* The built-in `def` bound to `holder`, named after the fallback's module. */
static PyObject *new_function(PyMethodDef *def, PyObject *holder, PyObject *fallback)
{
    PyObject *function, *module = PyObject_GetAttrString(fallback, "__module__");
    if (module == NULL) {
        Py_DECREF(holder);
        return NULL;
    }
    function = PyCFunction_NewEx(def, holder, module);
    Py_DECREF(module);
    Py_DECREF(holder);
    return function;
}

/* bind(address, fallback, /) -> the built-in evaluate_mask.
 *
 * address: int, the address of pkc_eval_mask (from cffi's ffi.addressof).
 * fallback: the Python evaluate_mask; its __doc__, __module__ and behaviour
 * for everything but a valid exact-int mask carry over. */
static PyObject *bind(PyObject *self, PyObject *args)
{
    PyObject *address, *fallback, *holder;
    binding_t *b;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O:bind", &PyLong_Type, &address, &fallback)) {
        return NULL;
    }
    holder = new_binding(address, fallback, &b);
    if (holder == NULL) {
        return NULL;
    }
    if (pkc_set_doc(&evaluate_mask_def, "evaluate_mask($module, mask)\n--\n\n", fallback) < 0) {
        Py_DECREF(holder);
        return NULL;
    }
    return new_function(&evaluate_mask_def, holder, fallback);
}

/* bind_evaluate(address, fallback, cards, hand_rank, /) -> the built-in
 * evaluate.  address: of pkc_eval_mask; fallback: the Python evaluate;
 * cards: the tuple of the 52 Card objects, code order (each with an int
 * `mask`); hand_rank: the HandRank class (slots value, cards, _best_five). */
static PyObject *bind_evaluate(PyObject *self, PyObject *args)
{
    PyObject *address, *fallback, *cards, *hand_rank, *holder;
    static const char *const names[3] = {"value", "cards", "_best_five"};
    binding_t *b;
    Py_ssize_t code;
    int i;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!OO!O!:bind_evaluate", &PyLong_Type, &address, &fallback,
                          &PyTuple_Type, &cards, &PyType_Type, &hand_rank)) {
        return NULL;
    }
    if (PyTuple_Size(cards) != 52) {
        PyErr_SetString(PyExc_TypeError, "bind_evaluate() needs the 52 cards");
        return NULL;
    }
    holder = new_binding(address, fallback, &b);
    if (holder == NULL) {
        return NULL;
    }
    Py_INCREF(hand_rank);
    b->hand_rank = hand_rank;
    Py_INCREF(cards);
    b->cards = cards;
    for (i = 0; i < 3; i++) {
        b->names[i] = PyUnicode_InternFromString(names[i]);
        if (b->names[i] == NULL) {
            Py_DECREF(holder);
            return NULL;
        }
    }
    for (code = 0; code < 52; code++) {
        PyObject *card = PyTuple_GetItem(cards, code);
        PyObject *mask_object = card != NULL ? PyObject_GetAttrString(card, "mask") : NULL;
        unsigned long long mask = 0;
        size_t slot;
        if (mask_object != NULL) {
            mask = PyLong_AsUnsignedLongLong(mask_object);
            Py_DECREF(mask_object);
        }
        if (PyErr_Occurred() || mask == 0 || mask == (unsigned long long)-1) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError, "bind_evaluate() needs Cards with an int mask");
            Py_DECREF(holder);
            return NULL;
        }
        slot = card_slot(card);
        while (b->card_at[slot] != NULL) {
            slot = (slot + 1) % CARD_SLOTS;
        }
        b->card_at[slot] = card; /* kept alive by b->cards */
        b->mask_at[slot] = (uint64_t)mask;
    }
    if (pkc_set_doc(&evaluate_def, "evaluate($module, cards)\n--\n\n", fallback) < 0) {
        Py_DECREF(holder);
        return NULL;
    }
    return new_function(&evaluate_def, holder, fallback);
}

static PyMethodDef module_methods[] = {
    {"bind", bind, METH_VARARGS,
     "bind($module, address, fallback, /)\n--\n\nThe built-in evaluate_mask bound to "
     "pkc_eval_mask at `address` and to `fallback` (private: evaluator.py "
     "calls it once)."},
    {"bind_evaluate", bind_evaluate, METH_VARARGS,
     "bind_evaluate($module, address, fallback, cards, hand_rank, /)\n--\n\nThe built-in "
     "evaluate (private: evaluator.py calls it once)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "pokerkit_core._speedups",
    "The per-hand evaluate_mask and evaluate as CPython built-ins "
    "(see csrc/pkc_speedups.c).",
    -1, module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__speedups(void)
{
    PyObject *module = PyModule_Create(&module_def);
    if (module != NULL && (PyModule_AddFunctions(module, pkc_engine_methods) < 0 ||
                           pkc_engine_add(module) < 0)) {
        Py_DECREF(module);
        return NULL;
    }
#ifdef Py_GIL_DISABLED
    /* no shared mutable state: safe without the GIL */
    if (module != NULL && PyUnstable_Module_SetGIL(module, Py_MOD_GIL_NOT_USED) < 0) {
        Py_DECREF(module);
        return NULL;
    }
#endif
    return module;
}
