/*
 * The packed dynamic part of one seat's view and the compact form of new
 * history events: an isolated policy's request, for pokerkit_core._speedups.
 *
 * An isolated policy's request carries the public amounts and cards that
 * move with every action (isolation_wire.dynamic_part): board, stacks, bets,
 * contributions, seat to act, legal actions, street, folded, amount to call.
 * As a tuple of tuples it costs the engine's process a dozen objects to
 * build and pickle per decision, and the policy's process as many to
 * unpickle.  view_packed() writes the same values straight from the hand
 * state's fields into one bytes object; unpack_view() turns it back into the
 * tuple isolation_wire.dynamic_part's Python reference gives.
 * isolation_wire.pack_dynamic and unpack_dynamic are the format's Python
 * reference; tests/test_isolation_wire.py compares the two byte for byte.
 *
 * Format (little-endian; an int64 is 8 bytes, two's complement):
 *
 *   u8 seats, u8 street value, u8 seat to act, u8 board cards (0..5),
 *   u16 folded (bit k: seat k folded), the board's card codes,
 *   int64 amount to call (street total), int64 stacks[seats],
 *   int64 bets[seats], int64 contributions[seats],
 *   u8 legal fields (0: not this seat's turn), then per field a tag byte
 *   (0 False, 1 True, 2 an int64 follows).
 *
 * view_packed() handles a decision (a seat to act) of a state of exactly the
 * given class with nobody all-in, no cards shown and one board, every field
 * of the engine's types and amounts under 2**58; for anything else it
 * returns None and the caller uses the Python reference.  It copies every
 * field it packs into C before any Python code can run (the street's
 * _value_, the legal_actions call), since such code may change the state's
 * fields.  unpack_view() checks every length and range and raises
 * ValueError for any other bytes: it never reads past its input.
 *
 * encode_events() writes the request's new history events in the compact
 * form of pokerkit_core.compact (each event as (kind index, *fields), cards
 * as bytes of their codes, enums as their values, an action as (kind value,
 * to)), from a table compact.py derives from the events' annotations; an
 * event of a class not in the table, or a field not of the engine's type,
 * hands the whole history back (None) to compact.encode_event, the
 * reference.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "pkc_engine.h"

#define HEAD_BYTES 6
#define MAX_BOARD 5
#define MAX_LEGAL 32 /* LegalActions has 14 fields */
#define MAX_AMOUNT ((long long)1 << 58)
#define MAX_LEGAL_INT ((long long)1 << 62)
enum { TAG_FALSE, TAG_TRUE, TAG_INT };

/* "_value_", interned once by pkc_view_add: an attribute name that is not
 * interned misses the type attribute cache (a walk of an enum's whole MRO). */
static PyObject *value_name = NULL;

static void put64(unsigned char *at, long long value)
{
    unsigned long long v = (unsigned long long)value;
    int i;
    for (i = 0; i < 8; i++) {
        at[i] = (unsigned char)(v >> (8 * i));
    }
}

static long long get64(const unsigned char *at)
{
    unsigned long long v = 0;
    int i;
    for (i = 7; i >= 0; i--) {
        v = (v << 8) | at[i];
    }
    /* (two's complement back to signed without implementation-defined casts) */
    if (v >> 63) {
        return -(long long)(~v) - 1;
    }
    return (long long)v;
}

/* view_packed(state, seat, legal_actions, state_cls, card_cls, /) -> bytes
 * or None (see the top of this file).  legal_actions: the engine's function,
 * called when `seat` is to act. */
static PyObject *view_packed(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    const state_t *s;
    PyObject *board, *shown, *boards, *folded, *street, *value, *legal, *out;
    long long stacks[MAX_N], bets[MAX_N], contribs[MAX_N], legal_ints[MAX_LEGAL];
    unsigned char codes[MAX_BOARD], tags[MAX_LEGAL], *at;
    long long to_act, seat, code, call_to, street_value;
    unsigned int folded_bits = 0;
    Py_ssize_t n, k, cards, nlegal = 0, size;
    (void)self;
    if (nargs != 5 || pkc_state_base == NULL || !PyObject_TypeCheck(args[0], pkc_state_base) ||
        (PyObject *)Py_TYPE(args[0]) != args[3] || !pkc_small_int(args[1], 0, MAX_N - 1, &seat)) {
        Py_RETURN_NONE;
    }
    s = (const state_t *)args[0];
    board = s->f[F_BOARD];
    shown = s->f[F_SHOWN];
    boards = s->f[F_BOARDS];
    folded = s->f[F_FOLDED];
    if (s->f[F_STACKS] == NULL || !PyTuple_CheckExact(s->f[F_STACKS])) {
        Py_RETURN_NONE;
    }
    n = PyTuple_Size(s->f[F_STACKS]);
    if (n < 1 || n > MAX_N || !pkc_small_int(s->f[F_TO_ACT], 0, n - 1, &to_act) ||
        !pkc_small_int(s->f[F_CALL_TO], 0, MAX_AMOUNT, &call_to) ||
        /* a stack of 0 is a seat all-in: the reference's all_in is then not all False */
        !pkc_int_tuple(s->f[F_STACKS], n, 1, MAX_AMOUNT, stacks) ||
        !pkc_int_tuple(s->f[F_BETS], n, 0, MAX_AMOUNT, bets) ||
        !pkc_int_tuple(s->f[F_CONTRIBS], n, 0, MAX_AMOUNT, contribs) || shown == NULL ||
        !PyTuple_CheckExact(shown) || PyTuple_Size(shown) != n || folded == NULL ||
        !PyTuple_CheckExact(folded) || PyTuple_Size(folded) != n || board == NULL ||
        !PyTuple_CheckExact(board) || boards == NULL ||
        (boards != Py_None && (!PyTuple_CheckExact(boards) || PyTuple_Size(boards) != 1)) ||
        s->f[F_STREET] == NULL) {
        Py_RETURN_NONE;
    }
    for (k = 0; k < n; k++) {
        PyObject *flag = PyTuple_GetItem(folded, k);
        if (PyTuple_GetItem(shown, k) != Py_None || (flag != Py_True && flag != Py_False)) {
            Py_RETURN_NONE; /* cards shown, or a field of another type */
        }
        folded_bits |= (flag == Py_True ? 1u : 0u) << k;
    }
    cards = PyTuple_Size(board);
    if (cards > MAX_BOARD) {
        Py_RETURN_NONE;
    }
    for (k = 0; k < cards; k++) {
        PyObject *card = PyTuple_GetItem(board, k);
        if ((PyObject *)Py_TYPE(card) != args[4] || !PyTuple_Check(card) || PyTuple_Size(card) < 3 ||
            !pkc_small_int(PyTuple_GetItem(card, 2), 0, 51, &code)) {
            Py_RETURN_NONE; /* (card.code is the item at 2 of a Card) */
        }
        codes[k] = (unsigned char)code;
    }
    /* every field packed is copied: Python code may run from here on */
    street = s->f[F_STREET];
    Py_INCREF(street);
    value = PyObject_GetAttr(street, value_name);
    Py_DECREF(street);
    if (value == NULL) {
        return NULL;
    }
    k = pkc_small_int(value, 0, 255, &street_value);
    Py_DECREF(value);
    if (!k) {
        Py_RETURN_NONE;
    }
    if (to_act == seat) {
        legal = PyObject_CallFunctionObjArgs(args[2], args[0], NULL);
        if (legal == NULL) {
            return NULL;
        }
        nlegal = PyTuple_Check(legal) ? PyTuple_Size(legal) : -1;
        if (nlegal < 1 || nlegal > MAX_LEGAL) {
            Py_DECREF(legal);
            Py_RETURN_NONE;
        }
        for (k = 0; k < nlegal; k++) {
            PyObject *item = PyTuple_GetItem(legal, k);
            if (item == Py_True || item == Py_False) {
                tags[k] = item == Py_True ? TAG_TRUE : TAG_FALSE;
            } else if (pkc_small_int(item, -MAX_LEGAL_INT, MAX_LEGAL_INT, &legal_ints[k])) {
                tags[k] = TAG_INT;
            } else {
                Py_DECREF(legal);
                Py_RETURN_NONE;
            }
        }
        Py_DECREF(legal);
    }
    size = HEAD_BYTES + cards + 8 + 24 * n + 1;
    for (k = 0; k < nlegal; k++) {
        size += tags[k] == TAG_INT ? 9 : 1;
    }
    out = PyBytes_FromStringAndSize(NULL, size);
    if (out == NULL) {
        return NULL;
    }
    at = (unsigned char *)PyBytes_AsString(out);
    at[0] = (unsigned char)n;
    at[1] = (unsigned char)street_value;
    at[2] = (unsigned char)to_act;
    at[3] = (unsigned char)cards;
    at[4] = (unsigned char)(folded_bits & 0xff);
    at[5] = (unsigned char)(folded_bits >> 8);
    at += HEAD_BYTES;
    memcpy(at, codes, (size_t)cards);
    at += cards;
    put64(at, call_to);
    at += 8;
    for (k = 0; k < n; k++, at += 8) {
        put64(at, stacks[k]);
    }
    for (k = 0; k < n; k++, at += 8) {
        put64(at, bets[k]);
    }
    for (k = 0; k < n; k++, at += 8) {
        put64(at, contribs[k]);
    }
    *at++ = (unsigned char)nlegal;
    for (k = 0; k < nlegal; k++) {
        *at++ = tags[k];
        if (tags[k] == TAG_INT) {
            put64(at, legal_ints[k]);
            at += 8;
        }
    }
    return out;
}

static PyObject *bad(const char *what)
{
    PyErr_Format(PyExc_ValueError, "packed view: %s", what);
    return NULL;
}

/* A tuple of the n int64 at `at`, each in [lo, MAX_AMOUNT] (added to *sum);
 * NULL with an error set if one is not. */
static PyObject *amounts_at(const unsigned char *at, Py_ssize_t n, long long lo, long long *sum)
{
    PyObject *tuple = PyTuple_New(n), *item;
    Py_ssize_t k;
    if (tuple == NULL) {
        return NULL;
    }
    for (k = 0; k < n; k++) {
        long long v = get64(at + 8 * k);
        if (v < lo || v > MAX_AMOUNT) {
            Py_DECREF(tuple);
            return bad("an amount out of range");
        }
        *sum += v; /* (at most MAX_N * 2**58: no overflow) */
        item = PyLong_FromLongLong(v);
        if (item == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SetItem(tuple, k, item);
    }
    return tuple;
}

/* A tuple of n copies of `item`. */
static PyObject *repeated(PyObject *item, Py_ssize_t n)
{
    PyObject *tuple = PyTuple_New(n);
    Py_ssize_t k;
    if (tuple == NULL) {
        return NULL;
    }
    for (k = 0; k < n; k++) {
        Py_INCREF(item);
        PyTuple_SetItem(tuple, k, item);
    }
    return tuple;
}

/* unpack_view(data, /) -> the 13-tuple of isolation_wire.dynamic_part for
 * bytes that view_packed wrote; ValueError for any other bytes. */
static PyObject *unpack_view(PyObject *self, PyObject *data)
{
    const unsigned char *at, *end;
    Py_ssize_t n, cards, nlegal, k, length;
    unsigned int folded_bits;
    long long pot = 0, unused = 0, call_to;
    PyObject *items[13] = {NULL}, *out = NULL;
    int i;
    (void)self;
    if (!PyBytes_CheckExact(data)) {
        PyErr_SetString(PyExc_TypeError, "unpack_view() needs bytes");
        return NULL;
    }
    length = PyBytes_Size(data);
    at = (const unsigned char *)PyBytes_AsString(data);
    end = at + length;
    if (length < HEAD_BYTES) {
        return bad("too short");
    }
    n = at[0];
    cards = at[3];
    folded_bits = (unsigned int)at[4] | ((unsigned int)at[5] << 8);
    if (n < 1 || n > MAX_N || at[2] >= n || cards > MAX_BOARD || (folded_bits >> n) != 0) {
        return bad("a header out of range");
    }
    if (end - at < HEAD_BYTES + cards + 8 + 24 * n + 1) {
        return bad("too short");
    }
    for (k = 0; k < cards; k++) {
        if (at[HEAD_BYTES + k] > 51) {
            return bad("a card code out of range");
        }
    }
    items[0] = PyBytes_FromStringAndSize((const char *)at + HEAD_BYTES, cards);
    items[5] = PyLong_FromLong((long)at[2]);
    items[7] = PyLong_FromLong((long)at[1]);
    items[8] = PyTuple_New(n);
    items[9] = repeated(Py_False, n);
    items[10] = repeated(Py_None, n);
    at += HEAD_BYTES + cards;
    call_to = get64(at);
    items[11] = call_to < 0 || call_to > MAX_AMOUNT ? bad("an amount out of range")
                                                     : PyLong_FromLongLong(call_to);
    at += 8;
    items[1] = items[11] == NULL ? NULL : amounts_at(at, n, 1, &unused);
    items[2] = items[1] == NULL ? NULL : amounts_at(at + 8 * n, n, 0, &unused);
    items[3] = items[2] == NULL ? NULL : amounts_at(at + 16 * n, n, 0, &pot);
    at += 24 * n;
    for (i = 0; i < 13; i++) {
        if (i != 4 && i != 6 && i != 12 && items[i] == NULL) {
            goto failed;
        }
    }
    for (k = 0; k < n; k++) {
        PyObject *flag = (folded_bits >> k) & 1u ? Py_True : Py_False;
        Py_INCREF(flag);
        PyTuple_SetItem(items[8], k, flag);
    }
    items[4] = PyLong_FromLongLong(pot);
    if (items[4] == NULL) {
        goto failed;
    }
    nlegal = *at++;
    if (nlegal == 0) {
        Py_INCREF(Py_None);
        items[6] = Py_None;
    } else {
        items[6] = PyTuple_New(nlegal);
        if (items[6] == NULL) {
            goto failed;
        }
        for (k = 0; k < nlegal; k++) {
            PyObject *item;
            if (at >= end) {
                bad("too short");
                goto failed;
            }
            if (*at == TAG_FALSE || *at == TAG_TRUE) {
                item = *at == TAG_TRUE ? Py_True : Py_False;
                Py_INCREF(item);
                at++;
            } else if (*at == TAG_INT && end - at >= 9) {
                long long v = get64(at + 1);
                if (v < -MAX_LEGAL_INT || v > MAX_LEGAL_INT) {
                    bad("a legal-action amount out of range");
                    goto failed;
                }
                item = PyLong_FromLongLong(v);
                at += 9;
                if (item == NULL) {
                    goto failed;
                }
            } else {
                bad(*at == TAG_INT ? "too short" : "an unknown legal-action tag");
                goto failed;
            }
            PyTuple_SetItem(items[6], k, item);
        }
    }
    if (at != end) {
        bad("bytes after the end");
        goto failed;
    }
    Py_INCREF(Py_None);
    items[12] = Py_None;
    out = PyTuple_New(13);
    if (out == NULL) {
        goto failed;
    }
    for (i = 0; i < 13; i++) {
        PyTuple_SetItem(out, i, items[i]);
    }
    return out;
failed:
    for (i = 0; i < 13; i++) {
        Py_XDECREF(items[i]);
    }
    return NULL;
}

enum { FIELD_PLAIN, FIELD_CARDS, FIELD_ENUM, FIELD_ACTION };

/* One field in the compact form (a new reference), or NULL: with an error
 * set on failure, without one when the field is not of the engine's type. */
static PyObject *field_form(PyObject *item, long long codec, PyObject *card_cls, PyObject *action_cls)
{
    unsigned char codes[MAX_BOARD + 2];
    PyObject *value, *form;
    Py_ssize_t k, n;
    long long code;
    switch (codec) {
    case FIELD_PLAIN:
        Py_INCREF(item);
        return item;
    case FIELD_CARDS:
        if (!PyTuple_CheckExact(item) || (n = PyTuple_Size(item)) > MAX_BOARD + 2) {
            return NULL;
        }
        for (k = 0; k < n; k++) {
            PyObject *card = PyTuple_GetItem(item, k);
            if ((PyObject *)Py_TYPE(card) != card_cls || !PyTuple_Check(card) || PyTuple_Size(card) < 3 ||
                !pkc_small_int(PyTuple_GetItem(card, 2), 0, 51, &code)) {
                return NULL; /* (card.code is the item at 2 of a Card) */
            }
            codes[k] = (unsigned char)code;
        }
        return PyBytes_FromStringAndSize((const char *)codes, n);
    case FIELD_ENUM:
        return PyObject_GetAttr(item, value_name);
    case FIELD_ACTION:
        if ((PyObject *)Py_TYPE(item) != action_cls || !PyTuple_Check(item) || PyTuple_Size(item) != 2) {
            return NULL;
        }
        value = PyObject_GetAttr(PyTuple_GetItem(item, 0), value_name);
        if (value == NULL) {
            return NULL;
        }
        form = PyTuple_Pack(2, value, PyTuple_GetItem(item, 1));
        Py_DECREF(value);
        return form;
    default:
        return NULL;
    }
}

/* encode_events(events, table, card_cls, action_cls, /) -> the tuple of
 * compact.encode_event of each event, or None (see the top of this file).
 * table: {event class: (kind index, (field codec, ...))}, the codecs
 * FIELD_PLAIN .. FIELD_ACTION. */
static PyObject *encode_events(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *events, *table, *out;
    Py_ssize_t n, i, k, nfields;
    (void)self;
    if (nargs != 4 || !PyTuple_CheckExact(args[0]) || !PyDict_CheckExact(args[1])) {
        Py_RETURN_NONE;
    }
    events = args[0];
    table = args[1];
    n = PyTuple_Size(events);
    out = PyTuple_New(n);
    if (out == NULL) {
        return NULL;
    }
    for (i = 0; i < n; i++) {
        PyObject *event = PyTuple_GetItem(events, i), *spec, *codecs, *form;
        long long index, codec;
        /* (a type's hash and equality are its identity: no Python code runs) */
        spec = PyDict_GetItemWithError(table, (PyObject *)Py_TYPE(event));
        if (spec == NULL || !PyTuple_CheckExact(spec) || PyTuple_Size(spec) != 2 ||
            !pkc_small_int(PyTuple_GetItem(spec, 0), 0, 255, &index) ||
            !PyTuple_CheckExact(codecs = PyTuple_GetItem(spec, 1)) || !PyTuple_Check(event) ||
            PyTuple_Size(event) != (nfields = PyTuple_Size(codecs))) {
            goto declined; /* (an error from the lookup included: the reference redoes it) */
        }
        /* held: a field's _value_ may run Python code, which could change the table */
        Py_INCREF(spec);
        form = PyTuple_New(nfields + 1);
        if (form == NULL) {
            Py_DECREF(spec);
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SetItem(out, i, form); /* (filled below; out owns it) */
        Py_INCREF(PyTuple_GetItem(spec, 0));
        PyTuple_SetItem(form, 0, PyTuple_GetItem(spec, 0));
        for (k = 0; k < nfields; k++) {
            PyObject *value;
            if (!pkc_small_int(PyTuple_GetItem(codecs, k), FIELD_PLAIN, FIELD_ACTION, &codec)) {
                Py_DECREF(spec);
                goto declined;
            }
            value = field_form(PyTuple_GetItem(event, k), codec, args[2], args[3]);
            if (value == NULL) {
                Py_DECREF(spec);
                goto declined;
            }
            PyTuple_SetItem(form, k + 1, value);
        }
        Py_DECREF(spec);
    }
    return out;
declined: /* the reference encodes the whole history, raising what it raises */
    PyErr_Clear();
    Py_DECREF(out);
    Py_RETURN_NONE;
}

PyMethodDef pkc_view_methods[] = {
    {"view_packed", (PyCFunction)(void (*)(void))view_packed, METH_FASTCALL,
     "view_packed($module, state, seat, legal_actions, state_cls, card_cls, /)\n--\n\n"
     "isolation_wire.pack_dynamic of the seat's dynamic part, read in C, or None "
     "(private: isolation_wire.py uses it)."},
    {"unpack_view", unpack_view, METH_O,
     "unpack_view($module, data, /)\n--\n\n"
     "isolation_wire.unpack_dynamic in C (private: isolation_wire.py uses it)."},
    {"encode_events", (PyCFunction)(void (*)(void))encode_events, METH_FASTCALL,
     "encode_events($module, events, table, card_cls, action_cls, /)\n--\n\n"
     "compact.encode_event of each event in C, or None (private: compact.py uses it)."},
    {NULL, NULL, 0, NULL}};

int pkc_view_add(PyObject *module)
{
    (void)module;
    if (value_name == NULL) {
        value_name = PyUnicode_InternFromString("_value_"); /* kept for good */
    }
    return value_name == NULL ? -1 : 0;
}
