/*
 * The hand-state kernel of pokerkit_core._speedups: the fields of a hand
 * state as a C base type, and the common case of `act` and `legal_actions`
 * as built-ins.
 *
 * StateBase holds the 18 private fields of a hand state
 * (pokerkit_core.hand_state.HandFields derives from it) as object slots,
 * readable and writable by name like Python __slots__.  Because the layout
 * is this file's own, copying a state (copy_state) is one allocation and 18
 * pointer copies, and the built-ins below read and write fields directly.
 *
 * The built-ins are accelerators, not a second rule book.  The Python
 * functions in state.py are the reference and the fallback: a built-in
 * handles only a legal action (or the legal actions) of a state whose fields
 * all have the types and sizes the engine gives them, under the default
 * no-limit rules object; anything else -- an illegal or foreign action,
 * another betting structure or flavour, a finished hand, a field of the
 * wrong type, a street that ends -- goes to the Python function, so errors
 * and their messages come from one place.  Every check is made before the
 * first write.  tests/test_kernel.py plays random hands through both and
 * compares every state.
 *
 * Bindings: bind_engine() returns the built-ins bound to a small module
 * object holding the classes, constants and fallbacks (no global state),
 * like the evaluator bindings in pkc_speedups.c.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <stddef.h>
#include <string.h>

#include "pkc_engine.h"

/* ---- the state type ---------------------------------------------------- */

/* (the layout, state_t, is in pkc_engine.h) */

static const char *const field_names[NFIELDS] = {
    "_config", "_deal", "_street", "_to_act", "_board", "_stacks", "_bets", "_contribs",
    "_folded", "_acted", "_call_to", "_min_inc", "_nraises", "_history", "_shown",
    "_boards", "_showdown", "_values"};


static int state_traverse(PyObject *self, visitproc visit, void *arg)
{
    state_t *s = (state_t *)self;
    int i;
    Py_VISIT(Py_TYPE(self));
    for (i = 0; i < NFIELDS; i++) {
        Py_VISIT(s->f[i]);
    }
    return 0;
}

static int state_clear(PyObject *self)
{
    state_t *s = (state_t *)self;
    int i;
    for (i = 0; i < NFIELDS; i++) {
        Py_CLEAR(s->f[i]);
    }
    return 0;
}

static void state_dealloc(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    void *slot = PyType_GetSlot(type, Py_tp_free);
    freefunc release = NULL;
    memcpy(&release, &slot, sizeof release);
    PyObject_GC_UnTrack(self);
    state_clear(self);
    release(self);
    Py_DECREF(type);
}

static PyMemberDef state_members[NFIELDS + 1];

static PyType_Slot state_slots[] = {
    {Py_tp_doc, "The private fields of a hand state (see pokerkit_core.hand_state)."},
    {Py_tp_traverse, (void *)state_traverse},
    {Py_tp_clear, (void *)state_clear},
    {Py_tp_dealloc, (void *)state_dealloc},
    {Py_tp_members, state_members},
    {0, NULL}};

static PyType_Spec state_spec = {
    "pokerkit_core._speedups.StateBase", sizeof(state_t), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, state_slots};

PyTypeObject *pkc_state_base = NULL; /* set once by pkc_engine_add */

/* A new object of `type` (StateBase or a subclass) holding the fields of `s`. */
static PyObject *copy_of(PyObject *s)
{
    PyTypeObject *type = Py_TYPE(s);
    void *slot = PyType_GetSlot(type, Py_tp_alloc);
    allocfunc alloc = NULL;
    state_t *t;
    int i;
    memcpy(&alloc, &slot, sizeof alloc);
    t = (state_t *)(alloc != NULL ? alloc(type, 0) : NULL);
    if (t == NULL) {
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    for (i = 0; i < NFIELDS; i++) {
        Py_XINCREF(((state_t *)s)->f[i]);
        t->f[i] = ((state_t *)s)->f[i];
    }
    return (PyObject *)t;
}

static PyObject *copy_state(PyObject *self, PyObject *s)
{
    (void)self;
    if (pkc_state_base == NULL || !PyObject_TypeCheck(s, pkc_state_base)) {
        PyErr_SetString(PyExc_TypeError, "copy_state() needs a hand state");
        return NULL;
    }
    return copy_of(s);
}

/* ---- binding ------------------------------------------------------------ */

enum { K_FOLD, K_CHECK, K_CALL, K_BET, K_RAISE, K_ALL_IN, NKINDS };

/* What the counters of engine_t count: an act the C declined, a betting round
 * closed by the Python reference (the hand ends, runs out, or the config's
 * layout was not the one read here), a legal_actions the C declined. */
enum { COUNT_ACT, COUNT_CLOSE, COUNT_LEGAL, NCOUNTS };

typedef struct {
    PyObject *state_cls;    /* HandState: the only class handled here */
    PyObject *config_cls;   /* GameConfig */
    PyObject *street_cls;   /* Street */
    PyObject *action_cls;   /* Action */
    PyObject *kinds[NKINDS];
    PyObject *fold, *check, *call; /* the Action constants the history records */
    PyObject *taken_cls;    /* ActionTaken */
    PyObject *returned_cls; /* UncalledBetReturned */
    PyObject *board_cls;    /* BoardDealt */
    PyObject *streets;      /* the five Street members, pre-flop first */
    PyObject *legal_cls;    /* LegalActions */
    PyObject *actions;      /* state._ACTIONS: to (raises), -to (bets) -> the engine's Action */
    PyObject *rules;        /* the default no-limit BettingRules object */
    PyObject *act_py;       /* act(state, action) */
    PyObject *step_py;      /* _act(state, action, t) */
    PyObject *continue_py;  /* _close_round(t) */
    PyObject *legal_py;     /* legal_actions(state) */
    PyObject *name_derived, *name_rules, *name_cap, *name_street_bet, *name_postflop;
    long long max_chips;
    /* calls the Python reference served, by kind (see engine_counts) */
    Py_ssize_t counts[NCOUNTS];
} engine_t;

#define ENGINE_OBJECTS 29 /* PyObject* members of engine_t, in order */

static PyObject **engine_object(engine_t *e, int i)
{
    return &e->state_cls + i;
}

static int engine_traverse(PyObject *holder, visitproc visit, void *arg)
{
    engine_t *e = (engine_t *)PyModule_GetState(holder);
    int i;
    if (e != NULL) {
        for (i = 0; i < ENGINE_OBJECTS; i++) {
            Py_VISIT(*engine_object(e, i));
        }
    }
    return 0;
}

static int engine_clear(PyObject *holder)
{
    engine_t *e = (engine_t *)PyModule_GetState(holder);
    int i;
    if (e != NULL) {
        for (i = 0; i < ENGINE_OBJECTS; i++) {
            Py_CLEAR(*engine_object(e, i));
        }
    }
    return 0;
}

static void engine_free(void *holder)
{
    engine_clear((PyObject *)holder);
}

static struct PyModuleDef engine_def = {
    PyModuleDef_HEAD_INIT, "pokerkit_core._speedups.engine",
    "What the hand-state built-ins of pokerkit_core._speedups are bound to.",
    sizeof(engine_t), NULL, NULL, engine_traverse, engine_clear, engine_free};

/* ---- reading a state ---------------------------------------------------- */

/* An exact int in [lo, hi] into *out; 0 if it is not one. */
int pkc_small_int(PyObject *value, long long lo, long long hi, long long *out)
{
    int overflow = 0;
    long long v;
    if (value == NULL || !PyLong_CheckExact(value)) {
        return 0;
    }
    v = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (overflow || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    if (v < lo || v > hi) {
        return 0;
    }
    *out = v;
    return 1;
}

/* An exact tuple of n exact ints in [lo, hi] into out[]; 0 if not (declared
 * in pkc_engine.h). */
int pkc_int_tuple(PyObject *tuple, Py_ssize_t n, long long lo, long long hi, long long *out)
{
    Py_ssize_t i;
    if (tuple == NULL || !PyTuple_CheckExact(tuple) || PyTuple_Size(tuple) != n) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (!pkc_small_int(PyTuple_GetItem(tuple, i), lo, hi, &out[i])) {
            return 0;
        }
    }
    return 1;
}

typedef struct {
    Py_ssize_t n, seat;
    long long stacks[MAX_N], bets[MAX_N], contribs[MAX_N], acted[MAX_N];
    int folded[MAX_N];
    long long call_to, min_inc, nraises, cap;
    int street; /* 0 pre-flop .. 3 river */
} view_t;

/* The fields of `state` the kernel reads, checked; 0 if any is not as the
 * engine builds it or the config's rules are not the default no-limit ones
 * (its `_derived.rules`), -1 on a Python error. */
static int read_state(const engine_t *e, PyObject *state, view_t *v)
{
    state_t *s = (state_t *)state;
    PyObject *folded = s->f[F_FOLDED];
    long long seat, max = e->max_chips;
    Py_ssize_t n, i;
    if ((PyObject *)Py_TYPE(state) != e->state_cls || s->f[F_STACKS] == NULL ||
        !PyTuple_CheckExact(s->f[F_STACKS])) {
        return 0;
    }
    n = PyTuple_Size(s->f[F_STACKS]);
    if (n < 2 || n > MAX_N || !pkc_small_int(s->f[F_TO_ACT], 0, n - 1, &seat) ||
        !pkc_int_tuple(s->f[F_STACKS], n, 0, max, v->stacks) ||
        !pkc_int_tuple(s->f[F_BETS], n, 0, max, v->bets) ||
        !pkc_int_tuple(s->f[F_CONTRIBS], n, 0, 2 * max, v->contribs) ||
        !pkc_int_tuple(s->f[F_ACTED], n, -1, 2 * max, v->acted) ||
        !pkc_small_int(s->f[F_CALL_TO], 0, 2 * max, &v->call_to) ||
        !pkc_small_int(s->f[F_MIN_INC], 0, 2 * max, &v->min_inc) ||
        !pkc_small_int(s->f[F_NRAISES], 0, max, &v->nraises) || s->f[F_STREET] == NULL ||
        (PyObject *)Py_TYPE(s->f[F_STREET]) != e->street_cls ||
        s->f[F_HISTORY] == NULL || !PyTuple_CheckExact(s->f[F_HISTORY]) ||
        folded == NULL || !PyTuple_CheckExact(folded) || PyTuple_Size(folded) != n) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        PyObject *item = PyTuple_GetItem(folded, i);
        if (item != Py_True && item != Py_False) {
            return 0;
        }
        v->folded[i] = item == Py_True;
    }
    for (i = 0; i < 4 && PyTuple_GetItem(e->streets, i) != s->f[F_STREET]; i++) {
    }
    if (i == 4) {
        return 0; /* the showdown, or not a Street member */
    }
    v->street = (int)i;
    v->n = n;
    v->seat = (Py_ssize_t)seat;
    v->cap = 0;
    {
        PyObject *derived, *rules, *cap;
        int ok;
        if (s->f[F_CONFIG] == NULL || (PyObject *)Py_TYPE(s->f[F_CONFIG]) != e->config_cls) {
            return 0;
        }
        derived = PyObject_GetAttr(s->f[F_CONFIG], e->name_derived);
        if (derived == NULL) {
            PyErr_Clear();
            return 0;
        }
        rules = PyObject_GetAttr(derived, e->name_rules);
        cap = PyObject_GetAttr(derived, e->name_cap);
        Py_DECREF(derived);
        ok = rules == e->rules && pkc_small_int(cap, 0, (long long)1 << 62, &v->cap);
        Py_XDECREF(rules);
        Py_XDECREF(cap);
        if (!ok) {
            PyErr_Clear();
            return 0;
        }
    }
    return 1;
}

/* state._find_actor: the first seat from `start` that must act, or -1. */
static Py_ssize_t find_actor(Py_ssize_t n, Py_ssize_t start, const long long *stacks,
                             const long long *bets, const int *folded, const long long *acted,
                             long long call_to)
{
    Py_ssize_t active = 0, k, seat, s;
    for (seat = 0; seat < n; seat++) {
        active += !folded[seat] && stacks[seat] != 0;
    }
    for (k = 0; k < n; k++) {
        seat = (start + k) % n;
        if (folded[seat] || stacks[seat] == 0) {
            continue;
        }
        if (active > 1) {
            if (bets[seat] < call_to || acted[seat] < 0) {
                return seat;
            }
        } else if (bets[seat] < call_to) {
            long long top = -1;
            for (s = 0; s < n; s++) {
                if (s != seat && !folded[s] && bets[s] > top) {
                    top = bets[s];
                }
            }
            if (bets[seat] < top) {
                return seat;
            }
        }
    }
    return -1;
}

/* state._raise_window under the default no-limit rules: 1 if the seat to act
 * may bet or raise, with the smallest and largest raise-to. */
static int raise_window(const view_t *v, long long *min_to, long long *max_to)
{
    Py_ssize_t seat = v->seat, other;
    long long bet = v->bets[seat], total = bet + v->stacks[seat], call_to = v->call_to;
    long long lo = call_to + v->min_inc, acted_at = v->acted[seat];
    *min_to = lo < total ? lo : total;
    *max_to = total;
    if (total <= call_to) {
        return 0;
    }
    for (other = 0; other < v->n; other++) {
        if (!v->folded[other] && other != seat && v->stacks[other] &&
            v->bets[other] + v->stacks[other] > call_to) {
            break;
        }
    }
    if (other == v->n || v->nraises >= v->cap) {
        return 0;
    }
    return acted_at < 0 || call_to - acted_at >= v->min_inc;
}

/* `tuple` with item `i` replaced by a new reference `item` (stolen), or NULL. */
static PyObject *replaced(PyObject *tuple, Py_ssize_t i, PyObject *item)
{
    Py_ssize_t n, k;
    PyObject *out;
    if (item == NULL) {
        return NULL;
    }
    n = PyTuple_Size(tuple);
    out = PyTuple_New(n);
    if (out == NULL) {
        Py_DECREF(item);
        return NULL;
    }
    for (k = 0; k < n; k++) {
        PyObject *x = k == i ? item : PyTuple_GetItem(tuple, k);
        if (k != i) {
            Py_INCREF(x);
        }
        PyTuple_SetItem(out, k, x);
    }
    return out;
}

/* `history` + (event,), the event a new reference (stolen), or NULL. */
static PyObject *appended(PyObject *history, PyObject *event)
{
    Py_ssize_t n, k;
    PyObject *out;
    if (event == NULL) {
        return NULL;
    }
    n = PyTuple_Size(history);
    out = PyTuple_New(n + 1);
    if (out == NULL) {
        Py_DECREF(event);
        return NULL;
    }
    for (k = 0; k < n; k++) {
        PyObject *x = PyTuple_GetItem(history, k);
        Py_INCREF(x);
        PyTuple_SetItem(out, k, x);
    }
    PyTuple_SetItem(out, n, event);
    return out;
}

/* A new instance of the tuple subclass `cls` holding `count` new references
 * (stolen, also on failure), or NULL. */
static PyObject *record(PyObject *cls, PyObject **items, Py_ssize_t count)
{
    void *slot = PyType_GetSlot((PyTypeObject *)cls, Py_tp_alloc);
    allocfunc alloc = NULL;
    PyObject *out = NULL;
    Py_ssize_t k;
    for (k = 0; k < count; k++) {
        if (items[k] == NULL) {
            break;
        }
    }
    memcpy(&alloc, &slot, sizeof alloc);
    if (k == count && alloc != NULL) {
        out = alloc((PyTypeObject *)cls, count);
    }
    if (out == NULL) {
        for (k = 0; k < count; k++) {
            Py_XDECREF(items[k]);
        }
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    for (k = 0; k < count; k++) {
        PyTuple_SetItem(out, k, items[k]);
    }
    return out;
}

/* A new tuple of the n ints in `values`, or NULL. */
static PyObject *ints(const long long *values, Py_ssize_t n)
{
    PyObject *out = PyTuple_New(n);
    Py_ssize_t k;
    for (k = 0; out != NULL && k < n; k++) {
        PyObject *x = PyLong_FromLongLong(values[k]);
        if (x == NULL || PyTuple_SetItem(out, k, x) < 0) {
            Py_CLEAR(out);
        }
    }
    return out;
}

static void set_field(state_t *t, int i, PyObject *value) /* steals value */
{
    PyObject *old = t->f[i];
    t->f[i] = value;
    Py_XDECREF(old);
}

static PyObject *bool_of(int flag)
{
    PyObject *b = flag ? Py_True : Py_False;
    Py_INCREF(b);
    return b;
}

/* ---- the next street --------------------------------------------------- */

static const int board_at[5] = {0, 3, 4, 5, 5}; /* board cards by the start of a street */

typedef struct {
    PyObject *values[10]; /* history, stacks, bets, contribs, acted, street, board, min_inc, to_act, zero */
} next_t;

/* The betting round of `v` (the action applied, `history` the history with
 * its event) is over and nobody must act: if the hand goes on to a next
 * street that some two players can bet on, make that street's fields into
 * `out` and return 1; return 0 when the hand ends or runs out (the Python
 * _continue does that), -1 on a Python error. */
static int next_street(const engine_t *e, const state_t *s, view_t *v, PyObject *history,
                       next_t *out)
{
    Py_ssize_t n = v->n, k, owner = -1, tops = 0, live = 0, able = 0;
    long long top = 0, second = 0, back = 0, zeros[MAX_N], unset[MAX_N];
    PyObject *derived, *street_bet = NULL, *postflop = NULL, *deal, *boards, *first, *street;
    PyObject *events[3];
    long long min_inc = 0, start = 0;
    int next = v->street + 1, ok;
    for (k = 0; k < n; k++) {
        if (v->bets[k] > top) {
            top = v->bets[k];
            owner = k;
            tops = 1;
        } else if (v->bets[k] == top) {
            tops++;
        }
    }
    if (top && tops == 1) {
        for (k = 0; k < n; k++) {
            if (k != owner && v->bets[k] > second) {
                second = v->bets[k];
            }
        }
        back = top - second;
    } else {
        owner = -1;
    }
    for (k = 0; k < n; k++) {
        if (!v->folded[k]) {
            live++;
            able += (k == owner ? v->stacks[k] + back : v->stacks[k]) != 0;
        }
    }
    if (live < 2 || v->street == 3 || able < 2) {
        return 0;
    }
    /* the config's per-street values and the deal's first board */
    derived = PyObject_GetAttr(s->f[F_CONFIG], e->name_derived);
    if (derived == NULL) {
        return -1;
    }
    street_bet = PyObject_GetAttr(derived, e->name_street_bet);
    postflop = PyObject_GetAttr(derived, e->name_postflop);
    Py_DECREF(derived);
    ok = street_bet != NULL && postflop != NULL && PyTuple_CheckExact(street_bet) &&
         PyTuple_Size(street_bet) == 4 && PyTuple_CheckExact(postflop) &&
         PyTuple_Size(postflop) == 3 &&
         pkc_small_int(PyTuple_GetItem(street_bet, next), 1, 2 * e->max_chips, &min_inc) &&
         pkc_small_int(PyTuple_GetItem(postflop, next - 1), 0, n - 1, &start);
    Py_XDECREF(street_bet);
    Py_XDECREF(postflop);
    if (!ok) {
        PyErr_Clear();
        return 0;
    }
    deal = s->f[F_DEAL];
    boards = deal != NULL && PyTuple_Check(deal) && PyTuple_Size(deal) == 4
                 ? PyTuple_GetItem(deal, 1) : NULL;
    first = boards != NULL && PyTuple_CheckExact(boards) && PyTuple_Size(boards) >= 1
                ? PyTuple_GetItem(boards, 0) : NULL;
    if (first == NULL || !PyTuple_CheckExact(first) || PyTuple_Size(first) != 5) {
        PyErr_Clear();
        return 0;
    }
    /* the uncalled part of the top bet goes back */
    if (owner >= 0) {
        v->stacks[owner] += back;
        v->contribs[owner] -= back;
        v->bets[owner] = second;
    }
    for (k = 0; k < n; k++) {
        zeros[k] = 0;
        unset[k] = -1;
    }
    street = PyTuple_GetItem(e->streets, next);
    memset(out, 0, sizeof *out);
    out->values[6] = PyTuple_GetSlice(first, 0, board_at[next]);
    Py_INCREF(history);
    out->values[0] = history;
    if (owner >= 0) {
        events[0] = PyLong_FromSsize_t(owner);
        events[1] = PyLong_FromLongLong(back);
        out->values[0] = appended(history, record(e->returned_cls, events, 2));
        Py_DECREF(history);
    }
    if (out->values[0] != NULL && out->values[6] != NULL) {
        PyObject *values = out->values[0];
        Py_INCREF(street);
        events[0] = street;
        events[1] = PyTuple_GetSlice(first, board_at[next - 1], board_at[next]);
        events[2] = PyLong_FromLong(0);
        out->values[0] = appended(values, record(e->board_cls, events, 3));
        Py_DECREF(values);
    }
    out->values[1] = ints(v->stacks, n);
    out->values[2] = ints(zeros, n);
    out->values[3] = ints(v->contribs, n);
    out->values[4] = ints(unset, n);
    Py_INCREF(street);
    out->values[5] = street;
    out->values[7] = PyLong_FromLongLong(min_inc);
    out->values[8] = PyLong_FromSsize_t(
        find_actor(n, (Py_ssize_t)start, v->stacks, zeros, v->folded, unset, 0));
    out->values[9] = PyLong_FromLong(0);
    for (k = 0; k < 10; k++) {
        if (out->values[k] == NULL) {
            for (k = 0; k < 10; k++) {
                Py_CLEAR(out->values[k]);
            }
            return -1;
        }
    }
    return 1;
}

/* ---- act ---------------------------------------------------------------- */

/* The successor of `state` after `action` into `t` (a fresh copy, `state`
 * itself, or NULL: make the copy here), or Py_NotImplemented (a new
 * reference) when the Python function must do it; nothing is written then. */
static PyObject *fast_act(engine_t *e, PyObject *state, PyObject *action, PyObject *t_in)
{
    view_t v;
    PyObject *kind, *taken, *event_items[5], *news[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    state_t *s = (state_t *)state, *t;
    Py_ssize_t seat, n, start, live, i;
    long long bet, stack, call_to, owe, add, to = 0, new_inc, nraises;
    int k, folding = 0, raising = 0, r;

    if (Py_TYPE(action) != (PyTypeObject *)e->action_cls || PyTuple_Size(action) != 2) {
        goto decline;
    }
    kind = PyTuple_GetItem(action, 0);
    for (k = 0; k < NKINDS && e->kinds[k] != kind; k++) {
    }
    if (k == NKINDS) {
        goto decline;
    }
    r = read_state(e, state, &v);
    if (r <= 0) {
        if (r < 0) {
            return NULL;
        }
        goto decline;
    }
    n = v.n;
    seat = v.seat;
    bet = v.bets[seat];
    stack = v.stacks[seat];
    call_to = v.call_to;
    owe = call_to - bet;
    new_inc = v.min_inc;
    nraises = v.nraises;
    if (k == K_FOLD) {
        if (owe <= 0) {
            goto decline;
        }
        folding = 1;
        add = 0;
        taken = e->fold;
    } else if (k == K_CHECK) {
        if (owe > 0) {
            goto decline;
        }
        add = 0;
        taken = e->check;
    } else if (k == K_CALL || (k == K_ALL_IN && bet + stack <= call_to)) {
        if (owe <= 0) {
            goto decline;
        }
        add = owe < stack ? owe : stack;
        taken = e->call;
    } else {
        long long min_to, max_to, total = bet + stack;
        PyObject *key;
        if (k == K_ALL_IN) {
            to = total;
            k = call_to == 0 ? K_BET : K_RAISE;
        } else {
            if (!pkc_small_int(PyTuple_GetItem(action, 1), 1, e->max_chips, &to) ||
                (k == K_BET && call_to > 0) || (k == K_RAISE && call_to == 0)) {
                goto decline;
            }
        }
        if (!raise_window(&v, &min_to, &max_to) || to > max_to || to < min_to) {
            goto decline;
        }
        add = to - bet;
        if (to - call_to >= v.min_inc) {
            new_inc = to - call_to;
            nraises += 1;
        }
        key = PyLong_FromLongLong(k == K_BET ? -to : to);
        if (key == NULL) {
            return NULL;
        }
        taken = PyDict_GetItemWithError(e->actions, key); /* borrowed */
        Py_DECREF(key);
        if (taken == NULL) {
            if (PyErr_Occurred()) {
                return NULL;
            }
            goto decline; /* the Python function makes and keeps it */
        }
        call_to = to;
        raising = 1;
    }

    /* the new field values, all made before the first write */
    event_items[0] = PyLong_FromSsize_t(seat);
    Py_INCREF(taken);
    event_items[1] = taken;
    Py_INCREF(s->f[F_STREET]);
    event_items[2] = s->f[F_STREET];
    event_items[3] = PyLong_FromLongLong(add);
    event_items[4] = bool_of(add > 0 && stack - add == 0);
    news[0] = appended(s->f[F_HISTORY], record(e->taken_cls, event_items, 5));
    if (folding) {
        news[1] = replaced(s->f[F_FOLDED], seat, bool_of(1));
        v.folded[seat] = 1;
    } else {
        news[1] = replaced(s->f[F_ACTED], seat, PyLong_FromLongLong(call_to));
        v.acted[seat] = call_to;
        if (add) {
            news[2] = replaced(s->f[F_STACKS], seat, PyLong_FromLongLong(stack - add));
            news[3] = replaced(s->f[F_BETS], seat, PyLong_FromLongLong(bet + add));
            news[4] = replaced(s->f[F_CONTRIBS], seat,
                               PyLong_FromLongLong(v.contribs[seat] + add));
            v.stacks[seat] = stack - add;
            v.bets[seat] = bet + add;
            v.contribs[seat] += add;
        }
    }
    start = (seat + 1) % n;
    live = 0;
    for (i = 0; i < n; i++) {
        live += !v.folded[i];
    }
    i = live > 1 ? find_actor(n, start, v.stacks, v.bets, v.folded, v.acted, call_to) : -1;
    news[5] = PyLong_FromSsize_t(i >= 0 ? i : start);
    for (k = 0; k < 6; k++) {
        if (news[k] == NULL && (k < 2 || k == 5 || (add && !folding))) {
            for (k = 0; k < 6; k++) {
                Py_XDECREF(news[k]);
            }
            return NULL;
        }
    }
    if (t_in == NULL) {
        t = (state_t *)copy_of(state);
        if (t == NULL) {
            for (k = 0; k < 6; k++) {
                Py_XDECREF(news[k]);
            }
            return NULL;
        }
    } else {
        Py_INCREF(t_in);
        t = (state_t *)t_in;
    }

    /* the writes */
    set_field(t, F_HISTORY, news[0]);
    set_field(t, folding ? F_FOLDED : F_ACTED, news[1]);
    if (add && !folding) {
        set_field(t, F_STACKS, news[2]);
        set_field(t, F_BETS, news[3]);
        set_field(t, F_CONTRIBS, news[4]);
    }
    if (raising) {
        set_field(t, F_MIN_INC, PyLong_FromLongLong(new_inc));
        set_field(t, F_NRAISES, PyLong_FromLongLong(nraises));
        set_field(t, F_CALL_TO, PyLong_FromLongLong(call_to));
        if (t->f[F_MIN_INC] == NULL || t->f[F_NRAISES] == NULL || t->f[F_CALL_TO] == NULL) {
            Py_DECREF(t);
            Py_XDECREF(news[5]);
            return NULL;
        }
    }
    if (i >= 0) {
        set_field(t, F_TO_ACT, news[5]);
        return (PyObject *)t;
    }
    if (live > 1) { /* the betting round ends: on to the next street here? */
        next_t next;
        r = next_street(e, t, &v, t->f[F_HISTORY], &next);
        if (r < 0) {
            Py_DECREF(t);
            Py_DECREF(news[5]);
            return NULL;
        }
        if (r > 0) {
            static const int fields[8] = {F_HISTORY, F_STACKS, F_BETS, F_CONTRIBS, F_ACTED,
                                          F_STREET, F_BOARD, F_MIN_INC};
            for (k = 0; k < 8; k++) {
                set_field(t, fields[k], next.values[k]);
            }
            set_field(t, F_TO_ACT, next.values[8]);
            Py_INCREF(next.values[9]);
            set_field(t, F_CALL_TO, next.values[9]);
            set_field(t, F_NRAISES, next.values[9]);
            Py_DECREF(news[5]);
            return (PyObject *)t;
        }
    }
    /* the hand ends or runs out: the Python function goes on */
    {
        PyObject *result;
        e->counts[COUNT_CLOSE]++;
        result = PyObject_CallFunctionObjArgs(e->continue_py, (PyObject *)t, NULL);
        Py_DECREF(t);
        Py_DECREF(news[5]);
        return result;
    }

decline:
    Py_INCREF(Py_NotImplemented);
    return Py_NotImplemented;
}

static PyObject *engine_act(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    engine_t *e = (engine_t *)PyModule_GetState(self);
    PyObject *result;
    if (e == NULL) {
        return NULL;
    }
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "act() takes a state and an action");
        return NULL;
    }
    result = fast_act(e, args[0], args[1], NULL);
    if (result == Py_NotImplemented) {
        Py_DECREF(result);
        e->counts[COUNT_ACT]++;
        return PyObject_CallFunctionObjArgs(e->act_py, args[0], args[1], NULL);
    }
    return result;
}

static PyObject *engine_step(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    engine_t *e = (engine_t *)PyModule_GetState(self);
    PyObject *result;
    if (e == NULL) {
        return NULL;
    }
    if (nargs != 3 || pkc_state_base == NULL || !PyObject_TypeCheck(args[2], pkc_state_base)) {
        PyErr_SetString(PyExc_TypeError, "_act() takes a state, an action and a hand state");
        return NULL;
    }
    result = fast_act(e, args[0], args[1], args[2]);
    if (result == Py_NotImplemented) {
        Py_DECREF(result);
        e->counts[COUNT_ACT]++;
        return PyObject_CallFunctionObjArgs(e->step_py, args[0], args[1], args[2], NULL);
    }
    return result;
}

/* ---- legal_actions ------------------------------------------------------ */

static PyObject *engine_legal(PyObject *self, PyObject *state)
{
    engine_t *e = (engine_t *)PyModule_GetState(self);
    view_t v;
    PyObject *items[14];
    long long bet, stack, owe, call_to, min_to, max_to;
    int r, can;
    if (e == NULL) {
        return NULL;
    }
    r = read_state(e, state, &v);
    if (r < 0) {
        return NULL;
    }
    if (r == 0) {
        e->counts[COUNT_LEGAL]++;
        return PyObject_CallFunctionObjArgs(e->legal_py, state, NULL);
    }
    bet = v.bets[v.seat];
    stack = v.stacks[v.seat];
    call_to = v.call_to;
    owe = call_to - bet;
    if (owe > stack) {
        owe = stack;
    }
    can = raise_window(&v, &min_to, &max_to);
    items[0] = PyLong_FromSsize_t(v.seat);
    items[1] = bool_of(owe > 0);
    items[2] = bool_of(owe <= 0);
    items[3] = bool_of(owe > 0);
    items[4] = PyLong_FromLongLong(owe > 0 ? owe : 0);
    items[5] = PyLong_FromLongLong(call_to);
    items[6] = bool_of(can && call_to == 0);
    items[7] = bool_of(can && call_to > 0);
    items[8] = PyLong_FromLongLong(min_to);
    items[9] = PyLong_FromLongLong(max_to);
    items[10] = bool_of(max_to == bet + stack);
    items[11] = bool_of(v.nraises >= v.cap);
    items[12] = PyLong_FromLongLong(stack);
    items[13] = PyLong_FromLongLong(bet);
    return record(e->legal_cls, items, 14);
}

static PyMethodDef act_def = {"act", (PyCFunction)(void (*)(void))engine_act, METH_FASTCALL, NULL};
static PyMethodDef step_def = {"_act", (PyCFunction)(void (*)(void))engine_step, METH_FASTCALL,
                               "_act($module, state, action, t, /)\n--\n\nstate._act in C (see act)."};
static PyMethodDef legal_def = {"legal_actions", engine_legal, METH_O, NULL};

/* The calls the Python reference served since the bind, as a tuple
 * (acts declined, rounds closed, legal_actions declined). */
static PyObject *engine_counts(PyObject *self, PyObject *unused)
{
    const engine_t *e = (const engine_t *)PyModule_GetState(self);
    (void)unused;
    if (e == NULL) {
        return NULL;
    }
    return Py_BuildValue("(nnn)", e->counts[COUNT_ACT], e->counts[COUNT_CLOSE],
                         e->counts[COUNT_LEGAL]);
}

static PyMethodDef counts_def = {
    "fallbacks", engine_counts, METH_NOARGS,
    "fallbacks($module, /)\n--\n\nThe calls the Python reference served since the bind: "
    "(acts declined, betting rounds closed, legal_actions declined)."};

/* 0 when the bound engine reads `probe` (a pre-flop hand of the default
 * rules) and its config's per-street values, else -1 with a TypeError that
 * names what is missing: the layout the C relies on is checked once, here. */
static int check_layout(const engine_t *e, PyObject *probe)
{
    view_t v;
    PyObject *derived, *street_bet = NULL, *postflop = NULL;
    int ok;
    if (read_state(e, probe, &v) != 1) {
        PyErr_SetString(PyExc_TypeError,
                        "bind_engine(): the C kernel cannot read the probe hand (HandState's "
                        "fields, its config's _derived.rules and _derived.cap are not the "
                        "layout of csrc/pkc_engine.c): refusing to bind");
        return -1;
    }
    derived = PyObject_GetAttr(((state_t *)probe)->f[F_CONFIG], e->name_derived);
    if (derived != NULL) {
        street_bet = PyObject_GetAttr(derived, e->name_street_bet);
        postflop = PyObject_GetAttr(derived, e->name_postflop);
        Py_DECREF(derived);
    }
    ok = street_bet != NULL && postflop != NULL && PyTuple_CheckExact(street_bet) &&
         PyTuple_Size(street_bet) == 4 && PyTuple_CheckExact(postflop) &&
         PyTuple_Size(postflop) == 3;
    Py_XDECREF(street_bet);
    Py_XDECREF(postflop);
    if (!ok) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError,
                        "bind_engine(): the probe hand's config has no _derived.street_bet "
                        "(4 values) and _derived.postflop_start (3 seats), which "
                        "csrc/pkc_engine.c reads: refusing to bind");
        return -1;
    }
    return 0;
}

/* bind_engine(state_cls, config_cls, streets, action_cls, kinds, constants, events,
 *             legal_cls, actions, rules, fallbacks, max_chips, probe, /)
 *   -> (act, _act, legal_actions, fallbacks)
 *
 * streets: the five Street members, pre-flop first; events: the classes
 * (ActionTaken, UncalledBetReturned, BoardDealt);
 * kinds: the six ActionKind members (fold, check, call, bet, raise, all-in);
 * constants: (Fold, Check, Call); actions: the dict of the engine's own bet
 * and raise values; rules: the default no-limit rules object; fallbacks:
 * the Python (act, _act, _close_round, legal_actions); probe: a pre-flop
 * hand of the default rules, read once to check the layout (check_layout). */
static PyObject *bind_engine(PyObject *self, PyObject *args)
{
    PyObject *state_cls, *config_cls, *streets, *events, *action_cls, *kinds, *constants, *legal_cls;
    PyObject *actions;
    PyObject *rules, *fallbacks, *probe, *holder, *module, *out = NULL;
    PyObject *functions[4] = {NULL, NULL, NULL, NULL};
    PyMethodDef *defs[4] = {&act_def, &step_def, &legal_def, &counts_def};
    long long max_chips;
    engine_t *e;
    int i;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!O!O!O!OO!LO:bind_engine", &PyType_Type, &state_cls,
                          &PyType_Type, &config_cls, &PyTuple_Type, &streets, &PyType_Type,
                          &action_cls, &PyTuple_Type, &kinds, &PyTuple_Type,
                          &constants, &PyTuple_Type, &events, &PyType_Type, &legal_cls,
                          &PyDict_Type, &actions, &rules, &PyTuple_Type, &fallbacks, &max_chips,
                          &probe)) {
        return NULL;
    }
    if (PyTuple_Size(events) != 3 || PyTuple_Size(streets) != 5) {
        PyErr_SetString(PyExc_TypeError, "bind_engine() needs 3 event classes and 5 streets");
        return NULL;
    }
    for (i = 0; i < 3; i++) {
        PyObject *cls = PyTuple_GetItem(events, i);
        if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, &PyTuple_Type)) {
            PyErr_SetString(PyExc_TypeError, "bind_engine() needs tuple event classes");
            return NULL;
        }
    }
    if (pkc_state_base == NULL || !PyType_IsSubtype((PyTypeObject *)state_cls, pkc_state_base) ||
        !PyType_IsSubtype((PyTypeObject *)action_cls, &PyTuple_Type) ||
        !PyType_IsSubtype((PyTypeObject *)legal_cls, &PyTuple_Type) ||
        PyTuple_Size(kinds) != NKINDS || PyTuple_Size(constants) != 3 ||
        PyTuple_Size(fallbacks) != 4 || max_chips <= 0 || max_chips > ((long long)1 << 61)) {
        PyErr_SetString(PyExc_TypeError, "bind_engine() arguments are not the engine's");
        return NULL;
    }
    holder = PyModule_Create(&engine_def);
    if (holder == NULL) {
        return NULL;
    }
    e = (engine_t *)PyModule_GetState(holder);
    e->state_cls = state_cls;
    e->config_cls = config_cls;
    e->street_cls = (PyObject *)Py_TYPE(PyTuple_GetItem(streets, 0));
    e->streets = streets;
    e->taken_cls = PyTuple_GetItem(events, 0);
    e->returned_cls = PyTuple_GetItem(events, 1);
    e->board_cls = PyTuple_GetItem(events, 2);
    e->action_cls = action_cls;
    for (i = 0; i < NKINDS; i++) {
        e->kinds[i] = PyTuple_GetItem(kinds, i);
    }
    e->fold = PyTuple_GetItem(constants, 0);
    e->check = PyTuple_GetItem(constants, 1);
    e->call = PyTuple_GetItem(constants, 2);
    e->legal_cls = legal_cls;
    e->actions = actions;
    e->rules = rules;
    e->act_py = PyTuple_GetItem(fallbacks, 0);
    e->step_py = PyTuple_GetItem(fallbacks, 1);
    e->continue_py = PyTuple_GetItem(fallbacks, 2);
    e->legal_py = PyTuple_GetItem(fallbacks, 3);
    for (i = 0; i < 24; i++) {
        Py_INCREF(*engine_object(e, i));
    }
    e->name_derived = PyUnicode_InternFromString("_derived");
    e->name_rules = PyUnicode_InternFromString("rules");
    e->name_cap = PyUnicode_InternFromString("cap");
    e->name_street_bet = PyUnicode_InternFromString("street_bet");
    e->name_postflop = PyUnicode_InternFromString("postflop_start");
    e->max_chips = max_chips;
    module = PyObject_GetAttrString(e->act_py, "__module__");
    if (e->name_derived == NULL || e->name_rules == NULL || e->name_cap == NULL ||
        e->name_street_bet == NULL || e->name_postflop == NULL || module == NULL) {
        Py_XDECREF(module);
        Py_DECREF(holder);
        return NULL;
    }
    if (check_layout(e, probe) < 0) {
        Py_DECREF(module);
        Py_DECREF(holder);
        return NULL;
    }
    if (pkc_set_doc(&act_def, "act($module, state, action, /)\n--\n\n", e->act_py) < 0 ||
        pkc_set_doc(&legal_def, "legal_actions($module, state, /)\n--\n\n", e->legal_py) < 0) {
        Py_DECREF(module);
        Py_DECREF(holder);
        return NULL;
    }
    for (i = 0; i < 4; i++) {
        functions[i] = PyCFunction_NewEx(defs[i], holder, module);
    }
    if (functions[0] != NULL && functions[1] != NULL && functions[2] != NULL && functions[3] != NULL) {
        out = PyTuple_Pack(4, functions[0], functions[1], functions[2], functions[3]);
    }
    for (i = 0; i < 4; i++) {
        Py_XDECREF(functions[i]);
    }
    Py_DECREF(module);
    Py_DECREF(holder);
    return out;
}

/* ---- dealing ------------------------------------------------------------ */

/* deal_codes(codes, need, /) -> the first `need` codes as a list if `codes`
 * is a list or tuple of distinct exact ints 0-51 at least `need` long, else
 * None (dealing.deck_codes then says what is wrong). */
static PyObject *deal_codes(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *codes, *out;
    Py_ssize_t size, need, k;
    unsigned long long seen = 0;
    (void)self;
    if (nargs != 2 || !PyLong_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "deal_codes() takes codes and a count");
        return NULL;
    }
    codes = args[0];
    need = PyLong_AsSsize_t(args[1]);
    if (need == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (PyTuple_CheckExact(codes)) {
        size = PyTuple_Size(codes);
    } else if (PyList_CheckExact(codes)) {
        size = PyList_Size(codes);
    } else {
        Py_RETURN_NONE;
    }
    if (need < 0 || size < need || size > 52) {
        Py_RETURN_NONE;
    }
    out = PyList_New(need);
    if (out == NULL) {
        return NULL;
    }
    for (k = 0; k < size; k++) {
        PyObject *item = PyTuple_CheckExact(codes) ? PyTuple_GetItem(codes, k) : PyList_GetItem(codes, k);
        long long code;
        if (!pkc_small_int(item, 0, 51, &code) || (seen >> code) & 1) {
            Py_DECREF(out);
            Py_RETURN_NONE;
        }
        seen |= 1ULL << code;
        if (k < need) {
            Py_INCREF(item);
            PyList_SetItem(out, k, item);
        }
    }
    return out;
}

/* deal_record(deal_cls, cards, masks, n, live, boards, codes, /) -> the
 * dealing.Deal of `codes` (checked by deal_codes: distinct ints 0-51, 2 per
 * dealt-in seat then 5 per board), as dealing.make_deal builds it; None if
 * an argument is not of that form. */
static PyObject *deal_record(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *deal_cls, *cards, *masks, *live, *codes, *items[4] = {NULL, NULL, NULL, NULL};
    long long n, boards, code[52], seat;
    Py_ssize_t nlive, need, k, b, i;
    (void)self;
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, "deal_record() takes 7 arguments");
        return NULL;
    }
    deal_cls = args[0];
    cards = args[1];
    masks = args[2];
    live = args[4];
    codes = args[6];
    if (!PyType_Check(deal_cls) || !PyType_IsSubtype((PyTypeObject *)deal_cls, &PyTuple_Type) ||
        !PyTuple_CheckExact(cards) || PyTuple_Size(cards) != 52 || !PyTuple_CheckExact(masks) ||
        PyTuple_Size(masks) != 52 || !pkc_small_int(args[3], 2, MAX_N, &n) ||
        !PyTuple_CheckExact(live) || !pkc_small_int(args[5], 1, 9, &boards) ||
        !PyList_CheckExact(codes)) {
        Py_RETURN_NONE;
    }
    nlive = PyTuple_Size(live);
    need = 2 * nlive + 5 * (Py_ssize_t)boards;
    if (nlive > n || need > 52 || PyList_Size(codes) < need) {
        Py_RETURN_NONE;
    }
    for (k = 0; k < need; k++) {
        if (!pkc_small_int(PyList_GetItem(codes, k), 0, 51, &code[k])) {
            Py_RETURN_NONE;
        }
    }
    items[0] = PyTuple_New((Py_ssize_t)n);
    items[2] = PyTuple_New((Py_ssize_t)n);
    items[1] = PyTuple_New((Py_ssize_t)boards);
    items[3] = PyTuple_New((Py_ssize_t)boards);
    if (items[0] == NULL || items[1] == NULL || items[2] == NULL || items[3] == NULL) {
        goto fail;
    }
    for (k = 0; k < n; k++) { /* seats not dealt in: None and mask 0 */
        Py_INCREF(Py_None);
        PyTuple_SetItem(items[0], k, Py_None);
        PyTuple_SetItem(items[2], k, PyLong_FromLong(0));
    }
    for (i = 0; i < nlive; i++) {
        PyObject *pair, *a, *c, *mask;
        if (!pkc_small_int(PyTuple_GetItem(live, i), 0, n - 1, &seat)) {
            PyErr_Clear();
            goto not_ours;
        }
        a = PyTuple_GetItem(cards, (Py_ssize_t)code[2 * i]);
        c = PyTuple_GetItem(cards, (Py_ssize_t)code[2 * i + 1]);
        pair = PyTuple_Pack(2, a, c);
        mask = PyNumber_Or(PyTuple_GetItem(masks, (Py_ssize_t)code[2 * i]),
                           PyTuple_GetItem(masks, (Py_ssize_t)code[2 * i + 1]));
        if (pair == NULL || mask == NULL) {
            Py_XDECREF(pair);
            Py_XDECREF(mask);
            goto fail;
        }
        PyTuple_SetItem(items[0], (Py_ssize_t)seat, pair);
        PyTuple_SetItem(items[2], (Py_ssize_t)seat, mask);
    }
    for (b = 0; b < boards; b++) {
        PyObject *five = PyTuple_New(5), *bits = PyTuple_New(5);
        if (five == NULL || bits == NULL) {
            Py_XDECREF(five);
            Py_XDECREF(bits);
            goto fail;
        }
        for (k = 0; k < 5; k++) {
            Py_ssize_t at = (Py_ssize_t)code[2 * nlive + 5 * b + k];
            PyObject *card = PyTuple_GetItem(cards, at), *mask = PyTuple_GetItem(masks, at);
            Py_INCREF(card);
            Py_INCREF(mask);
            PyTuple_SetItem(five, k, card);
            PyTuple_SetItem(bits, k, mask);
        }
        PyTuple_SetItem(items[1], b, five);
        PyTuple_SetItem(items[3], b, bits);
    }
    for (k = 0; k < n; k++) {
        if (PyTuple_GetItem(items[2], k) == NULL) {
            goto fail;
        }
    }
    return record(deal_cls, items, 4);

not_ours:
    for (k = 0; k < 4; k++) {
        Py_XDECREF(items[k]);
    }
    Py_RETURN_NONE;
fail:
    for (k = 0; k < 4; k++) {
        Py_XDECREF(items[k]);
    }
    return PyErr_Occurred() ? NULL : PyErr_NoMemory();
}

PyMethodDef pkc_engine_methods[] = {
    {"deal_codes", (PyCFunction)(void (*)(void))deal_codes, METH_FASTCALL,
     "deal_codes($module, codes, need, /)\n--\n\nThe first `need` of distinct card codes, "
     "or None (private: dealing.py uses it)."},
    {"deal_record", (PyCFunction)(void (*)(void))deal_record, METH_FASTCALL,
     "deal_record($module, deal_cls, cards, masks, n, live, boards, codes, /)\n--\n\n"
     "dealing.make_deal in C, or None (private: dealing.py uses it)."},
    {"copy_state", copy_state, METH_O,
     "copy_state($module, s, /)\n--\n\nA new hand state of the same class holding the "
     "fields of `s` (private: hand_state.py uses it)."},
    {"bind_engine", bind_engine, METH_VARARGS,
     "bind_engine($module, state_cls, config_cls, streets, action_cls, kinds, constants, "
     "events, legal_cls, actions, rules, fallbacks, max_chips, probe, /)\n--\n\n"
     "The built-in act, _act, legal_actions and fallbacks "
     "(private: state.py calls it once)."},
    {NULL, NULL, 0, NULL}};

int pkc_engine_add(PyObject *module)
{
    PyObject *type;
    int i;
    if (pkc_state_base == NULL) {
        for (i = 0; i < NFIELDS; i++) {
            state_members[i].name = field_names[i];
            state_members[i].type = T_OBJECT_EX;
            state_members[i].offset = (Py_ssize_t)(offsetof(state_t, f) + i * sizeof(PyObject *));
            state_members[i].flags = 0;
            state_members[i].doc = NULL;
        }
        memset(&state_members[NFIELDS], 0, sizeof state_members[NFIELDS]);
        type = PyType_FromSpec(&state_spec);
        if (type == NULL) {
            return -1;
        }
        pkc_state_base = (PyTypeObject *)type; /* kept for good: the module's type */
    }
    Py_INCREF(pkc_state_base);
    if (PyModule_AddObject(module, "StateBase", (PyObject *)pkc_state_base) < 0) {
        Py_DECREF(pkc_state_base);
        return -1;
    }
    return 0;
}
