/*
** lex.c — the scanner: turns the source text read from a Zio into tokens
** for the parser, tracking line and column numbers.
*/
#include <string.h>

#include "compiler.h"

#define MINBUFFER 32

/* Names of the tokens >= FIRST_RESERVED. ORDER RESERVED */
static const char *const tokennames[] = {
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function",
  "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return",
  "then", "true", "until", "while",
  "//", "..", "...", "==", ">=", "<=", "~=", "<<", ">>", "::", "<eof>",
  "<number>", "<integer>", "<name>", "<string>"
};

/* ---- character classes (ASCII only, independent of the C locale) ---- */
static int c_isdigit(int c) { return c >= '0' && c <= '9'; }
static int c_isalpha(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static int c_isalnum(int c) { return c_isalpha(c) || c_isdigit(c); }
static int c_isxdigit(int c) {
  return c_isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static int c_isspace(int c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}
static int c_isprint(int c) { return c >= 32 && c < 127; }

#define advance(ls) ((ls)->current = zgetc((ls)->z), (ls)->col++)
#define isnewline(ls) ((ls)->current == '\n' || (ls)->current == '\r')

void lex_init(vm_State *S) {
  int i;
  for (i = 0; i < NUM_RESERVED; i++) {
    TString *ts = str_newz(S, tokennames[i]);
    gc_fix(S, obj2gco(ts));
    ts->u8 = cast_byte(i + 1);
  }
}

/* ---- errors ---- */

static const char *txttoken(LexState *ls, int token);

static void raiseerror(LexState *ls, const char *msg, int token, int line, int col)
    __attribute__((noreturn));

/* Raises "chunkid:line: msg [near token]" (line = the scanner's current
** line, as Lua reports it) and records the position of the offending
** token for the caller's caret display (col 0: unknown). */
static void raiseerror(LexState *ls, const char *msg, int token, int line, int col) {
  char id[VM_IDSIZE];
  G(ls->S)->synerr_line = line;
  G(ls->S)->synerr_col = col;
  obj_chunkid(id, getstr(ls->source), tsslen(ls->source));
  msg = obj_pushfstring(ls->S, "%s:%d: %s", id, ls->linenumber, msg);
  if (token)
    obj_pushfstring(ls->S, "%s near %s", msg, txttoken(ls, token));
  do_throw(ls->S, VM_ERRSYNTAX);
}

/* A lexical error, about the token being scanned: points at its start,
** or at the current position when the token began on an earlier line. */
static void lexerror(LexState *ls, const char *msg, int token) __attribute__((noreturn));
static void lexerror(LexState *ls, const char *msg, int token) {
  if (ls->tokline == ls->linenumber)
    raiseerror(ls, msg, token, ls->tokline, ls->tokcol);
  raiseerror(ls, msg, token, ls->linenumber, ls->col);
}

void lex_syntaxerror(LexState *ls, const char *msg) {
  raiseerror(ls, msg, ls->t.token, ls->t.line, ls->t.col);
}

/* An error that is not about the current token: no "near" part. */
void lex_semerror(LexState *ls, const char *msg) {
  ls->t.token = 0;
  raiseerror(ls, msg, 0, ls->linenumber, 0);
}

const char *lex_token2str(LexState *ls, int token) {
  if (token < FIRST_RESERVED) {
    if (c_isprint(token))
      return obj_pushfstring(ls->S, "'%c'", token);
    else
      return obj_pushfstring(ls->S, "'<\\%d>'", token);
  } else {
    const char *s = tokennames[token - FIRST_RESERVED];
    if (token < TK_EOS)
      return obj_pushfstring(ls->S, "'%s'", s);
    return s;
  }
}

/* ---- the token buffer ---- */

static void growbuffer(LexState *ls, size_t need) {
  Mbuffer *b = ls->buff;
  size_t newsize = b->buffsize;
  if (newsize < MINBUFFER) newsize = MINBUFFER;
  while (newsize < need) {
    if (newsize >= MAX_SIZE / 2) lexerror(ls, "lexical element too long", 0);
    newsize *= 2;
  }
  b->buffer = (char *)mem_realloc(ls->S, b->buffer, b->buffsize, newsize);
  b->buffsize = newsize;
}

static void save(LexState *ls, int c) {
  Mbuffer *b = ls->buff;
  if (b->n + 1 > b->buffsize) {
    if (b->buffsize >= MAX_SIZE / 2) lexerror(ls, "lexical element too long", 0);
    growbuffer(ls, b->buffsize * 2);
  }
  b->buffer[b->n++] = (char)c;
}

#define save_and_advance(ls) (save(ls, (ls)->current), advance(ls))
#define buffremove(ls, k) ((ls)->buff->n -= (size_t)(k))

static const char *txttoken(LexState *ls, int token) {
  switch (token) {
    case TK_NAME: case TK_STRING: case TK_FLT: case TK_INT:
      save(ls, '\0');
      return obj_pushfstring(ls->S, "'%s'", ls->buff->buffer);
    default:
      return lex_token2str(ls, token);
  }
}

/* ---- work arrays in collectable memory ---- */

void *lex_growtmp(LexState *ls, void *arr, int n, int *size, size_t elemsize,
                  int limit, const char *what) {
  int newsize;
  Udata *u;
  void *p;
  if (n + 1 <= *size) return arr;
  if (*size >= limit / 2) {
    if (*size >= limit)
      dbg_runerror(ls->S, "too many %s (limit is %d)", what, limit);
    newsize = limit;
  } else {
    newsize = *size * 2;
    if (newsize < 8) newsize = 8;
  }
  u = udata_new(ls->S, (size_t)newsize * elemsize, 0);
  p = getudatamem(u);
  if (*size > 0) memcpy(p, arr, (size_t)*size * elemsize);
  *size = newsize;
  return p;
}

/* ---- strings ---- */

static uint32_t hashcontent(const char *str, size_t l) {
  uint32_t h = 2166136261u ^ (uint32_t)l;
  size_t i;
  for (i = 0; i < l; i++) h = (h ^ (unsigned char)str[i]) * 16777619u;
  return h;
}

static TString **lstr_find(Dyndata *d, const char *str, size_t l) {
  unsigned int mask = d->lstrsize - 1;
  unsigned int i = hashcontent(str, l) & mask;
  for (;;) {
    TString **slot = &d->lstr[i];
    TString *ts = *slot;
    if (ts == NULL || (tsslen(ts) == l && memcmp(getstr(ts), str, l) == 0)) return slot;
    i = (i + 1) & mask;
  }
}

static void lstr_grow(LexState *ls) {
  Dyndata *d = ls->dyd;
  unsigned int oldsize = d->lstrsize, i;
  TString **old = d->lstr;
  unsigned int nsize = oldsize ? oldsize * 2 : 32;
  Udata *u = udata_new(ls->S, (size_t)nsize * sizeof(TString *), 0);
  d->lstr = (TString **)getudatamem(u);
  memset(d->lstr, 0, (size_t)nsize * sizeof(TString *));
  d->lstrsize = nsize;
  for (i = 0; i < oldsize; i++)
    if (old[i]) *lstr_find(d, getstr(old[i]), tsslen(old[i])) = old[i];
}

/* Creates the string for a name or literal. Short strings are interned
** by the VM; long ones are made unique per chunk here, so that equal
** names are always the same object (the compiler compares names by
** address). */
TString *lex_newstring(LexState *ls, const char *str, size_t l) {
  Dyndata *d = ls->dyd;
  TString **slot;
  if (l <= MAXSHORTLEN) return str_new(ls->S, str, l);
  if ((d->lstrcount + 1) * 2 > d->lstrsize) lstr_grow(ls);
  slot = lstr_find(d, str, l);
  if (*slot == NULL) {
    *slot = str_new(ls->S, str, l);
    d->lstrcount++;
  }
  return *slot;
}

/* ---- input ---- */

void lex_setinput(vm_State *S, LexState *ls, Zio *z, Mbuffer *buff,
                  TString *source, int firstchar) {
  ls->t.token = 0;
  ls->t.col = 1;
  ls->t.line = 1;
  ls->S = S;
  ls->current = firstchar;
  ls->col = 1;
  ls->lookahead.token = TK_EOS;
  ls->z = z;
  ls->fs = NULL;
  ls->linenumber = 1;
  ls->lastline = 1;
  ls->lastcol = 1;
  ls->tokcol = 1;
  ls->tokline = 1;
  ls->esccol = 1;
  ls->source = source;
  ls->buff = buff;
  ls->envn = str_newlit(S, "_ENV");
  ls->brkn = str_newlit(S, "break");
  buff->n = 0;
  if (buff->buffsize < MINBUFFER) growbuffer(ls, MINBUFFER);
}

/* Skips a line break (\n, \r, \n\r or \r\n) and counts the line. */
static void inclinenumber(LexState *ls) {
  int old = ls->current;
  advance(ls);
  if (isnewline(ls) && ls->current != old) advance(ls);
  ls->col = 1;
  if (++ls->linenumber >= INT_MAX) lexerror(ls, "chunk has too many lines", 0);
}

static int check_next1(LexState *ls, int c) {
  if (ls->current == c) {
    advance(ls);
    return 1;
  }
  return 0;
}

/* Saves and skips the current character if it is c1 or c2. */
static int check_next2(LexState *ls, int c1, int c2) {
  if (ls->current == c1 || ls->current == c2) {
    save_and_advance(ls);
    return 1;
  }
  return 0;
}

/* ---- numerals ---- */

static int read_numeral(LexState *ls, SemInfo *seminfo) {
  TValue obj;
  int e1 = 'E', e2 = 'e';
  int first = ls->current;
  save_and_advance(ls);
  if (first == '0' && check_next2(ls, 'x', 'X')) {
    e1 = 'P';
    e2 = 'p';
  }
  for (;;) {
    if (check_next2(ls, e1, e2))
      check_next2(ls, '-', '+');
    else if (c_isxdigit(ls->current) || ls->current == '.')
      save_and_advance(ls);
    else
      break;
  }
  if (c_isalpha(ls->current)) save_and_advance(ls); /* touching a letter: error */
  save(ls, '\0');
  if (str2num(ls->buff->buffer, &obj) == 0)
    lexerror(ls, "malformed number", TK_FLT);
  if (ttisinteger(&obj)) {
    seminfo->i = ivalue(&obj);
    return TK_INT;
  }
  seminfo->r = fltvalue(&obj);
  return TK_FLT;
}

/* ---- long strings and comments ---- */

/* Reads '[' or ']' followed by '='s. Returns the level + 2 when the
** bracket repeats after the '='s, 1 for a lone bracket, 0 for a bracket
** with '='s but no second bracket. */
static size_t skip_sep(LexState *ls) {
  size_t count = 0;
  int s = ls->current;
  save_and_advance(ls);
  while (ls->current == '=') {
    save_and_advance(ls);
    count++;
  }
  return ls->current == s ? count + 2 : (count == 0 ? 1 : 0);
}

static void read_long_string(LexState *ls, SemInfo *seminfo, size_t sep) {
  int line = ls->linenumber;
  save_and_advance(ls); /* second '[' */
  if (isnewline(ls)) inclinenumber(ls); /* skip a first newline */
  for (;;) {
    switch (ls->current) {
      case EOZ: {
        const char *msg = obj_pushfstring(
            ls->S, "unfinished long %s (starting at line %d)",
            seminfo ? "string" : "comment", line);
        lexerror(ls, msg, TK_EOS);
        break;
      }
      case ']':
        if (skip_sep(ls) == sep) {
          save_and_advance(ls); /* second ']' */
          goto done;
        }
        break;
      case '\n': case '\r':
        save(ls, '\n');
        inclinenumber(ls);
        if (!seminfo) ls->buff->n = 0;
        break;
      default:
        if (seminfo)
          save_and_advance(ls);
        else
          advance(ls);
    }
  }
done:
  if (seminfo)
    seminfo->ts = lex_newstring(ls, ls->buff->buffer + sep, ls->buff->n - 2 * sep);
}

/* ---- short strings ---- */

static void esccheck(LexState *ls, int ok, const char *msg) {
  if (!ok) {
    if (ls->current != EOZ) save_and_advance(ls); /* show it in the message */
    raiseerror(ls, msg, TK_STRING, ls->linenumber, ls->esccol);
  }
}

static int gethexa(LexState *ls) {
  save_and_advance(ls);
  esccheck(ls, c_isxdigit(ls->current), "hexadecimal digit expected");
  return hexavalue(ls->current);
}

static int readhexaescape(LexState *ls) {
  int r = gethexa(ls);
  r = (r << 4) + gethexa(ls);
  buffremove(ls, 2);
  return r;
}

static unsigned long readutf8esc(LexState *ls) {
  unsigned long r;
  int i = 4; /* '\', 'u', '{' and the first digit are in the buffer */
  save_and_advance(ls); /* 'u' */
  esccheck(ls, ls->current == '{', "missing '{'");
  r = (unsigned long)gethexa(ls);
  for (;;) {
    save_and_advance(ls);
    if (!c_isxdigit(ls->current)) break;
    i++;
    esccheck(ls, r <= (0x7FFFFFFFu >> 4), "UTF-8 value too large");
    r = (r << 4) + (unsigned long)hexavalue(ls->current);
  }
  esccheck(ls, ls->current == '}', "missing '}'");
  advance(ls);
  buffremove(ls, i);
  return r;
}

static void utf8escape(LexState *ls) {
  char buff[UTF8BUFFSZ];
  int n = utf8esc(buff, readutf8esc(ls));
  for (; n > 0; n--) save(ls, buff[UTF8BUFFSZ - n]);
}

static int readdecesc(LexState *ls) {
  int i, r = 0;
  for (i = 0; i < 3 && c_isdigit(ls->current); i++) {
    r = 10 * r + ls->current - '0';
    save_and_advance(ls);
  }
  esccheck(ls, r <= UCHAR_MAX, "decimal escape too large");
  buffremove(ls, i);
  return r;
}

static void read_string(LexState *ls, int del, SemInfo *seminfo) {
  save_and_advance(ls); /* keep the delimiter for error messages */
  while (ls->current != del) {
    switch (ls->current) {
      case EOZ:
        lexerror(ls, "unfinished string", TK_EOS);
        break;
      case '\n': case '\r':
        lexerror(ls, "unfinished string", TK_STRING);
        break;
      case '\\': {
        int c;
        ls->esccol = ls->col;
        save_and_advance(ls); /* keep '\' for error messages */
        switch (ls->current) {
          case 'a': c = '\a'; goto read_save;
          case 'b': c = '\b'; goto read_save;
          case 'f': c = '\f'; goto read_save;
          case 'n': c = '\n'; goto read_save;
          case 'r': c = '\r'; goto read_save;
          case 't': c = '\t'; goto read_save;
          case 'v': c = '\v'; goto read_save;
          case 'x': c = readhexaescape(ls); goto read_save;
          case 'u': utf8escape(ls); goto no_save;
          case '\n': case '\r':
            inclinenumber(ls);
            c = '\n';
            goto only_save;
          case '\\': case '"': case '\'':
            c = ls->current;
            goto read_save;
          case EOZ: goto no_save; /* error on the next iteration */
          case 'z': {
            buffremove(ls, 1); /* the '\' */
            advance(ls);
            while (c_isspace(ls->current)) {
              if (isnewline(ls))
                inclinenumber(ls);
              else
                advance(ls);
            }
            goto no_save;
          }
          default:
            esccheck(ls, c_isdigit(ls->current), "invalid escape sequence");
            c = readdecesc(ls);
            goto only_save;
        }
      read_save:
        advance(ls);
        /* fall through */
      only_save:
        buffremove(ls, 1); /* the '\' */
        save(ls, c);
        /* fall through */
      no_save:
        break;
      }
      default:
        save_and_advance(ls);
    }
  }
  save_and_advance(ls); /* closing delimiter */
  seminfo->ts = lex_newstring(ls, ls->buff->buffer + 1, ls->buff->n - 2);
}

/* ---- the scanner proper ---- */

static int llex(LexState *ls, Token *tk) {
  SemInfo *seminfo = &tk->seminfo;
  ls->buff->n = 0;
  for (;;) {
    tk->col = ls->tokcol = ls->col;
    tk->line = ls->tokline = ls->linenumber;
    switch (ls->current) {
      case '\n': case '\r':
        inclinenumber(ls);
        break;
      case ' ': case '\f': case '\t': case '\v':
        advance(ls);
        break;
      case '-':
        advance(ls);
        if (ls->current != '-') return '-';
        advance(ls);
        if (ls->current == '[') {
          size_t sep = skip_sep(ls);
          ls->buff->n = 0;
          if (sep >= 2) {
            read_long_string(ls, NULL, sep);
            ls->buff->n = 0;
            break;
          }
        }
        while (!isnewline(ls) && ls->current != EOZ) advance(ls);
        break;
      case '[': {
        size_t sep = skip_sep(ls);
        if (sep >= 2) {
          read_long_string(ls, seminfo, sep);
          return TK_STRING;
        } else if (sep == 0) {
          lexerror(ls, "invalid long string delimiter", TK_STRING);
        }
        return '[';
      }
      case '=':
        advance(ls);
        return check_next1(ls, '=') ? TK_EQ : '=';
      case '<':
        advance(ls);
        if (check_next1(ls, '=')) return TK_LE;
        if (check_next1(ls, '<')) return TK_SHL;
        return '<';
      case '>':
        advance(ls);
        if (check_next1(ls, '=')) return TK_GE;
        if (check_next1(ls, '>')) return TK_SHR;
        return '>';
      case '/':
        advance(ls);
        return check_next1(ls, '/') ? TK_IDIV : '/';
      case '~':
        advance(ls);
        return check_next1(ls, '=') ? TK_NE : '~';
      case ':':
        advance(ls);
        return check_next1(ls, ':') ? TK_DBCOLON : ':';
      case '"': case '\'':
        read_string(ls, ls->current, seminfo);
        return TK_STRING;
      case '.':
        save_and_advance(ls);
        if (check_next1(ls, '.')) {
          if (check_next1(ls, '.')) return TK_DOTS;
          return TK_CONCAT;
        }
        if (!c_isdigit(ls->current)) return '.';
        return read_numeral(ls, seminfo);
      case '0': case '1': case '2': case '3': case '4':
      case '5': case '6': case '7': case '8': case '9':
        return read_numeral(ls, seminfo);
      case EOZ:
        return TK_EOS;
      default:
        if (c_isalpha(ls->current)) {
          TString *ts;
          do {
            save_and_advance(ls);
          } while (c_isalnum(ls->current));
          ts = lex_newstring(ls, ls->buff->buffer, ls->buff->n);
          seminfo->ts = ts;
          if (isreserved(ts)) return ts->u8 - 1 + FIRST_RESERVED;
          return TK_NAME;
        } else {
          int c = ls->current;
          advance(ls);
          return c;
        }
    }
  }
}

void lex_next(LexState *ls) {
  ls->lastline = ls->linenumber;
  ls->lastcol = ls->t.col;
  if (ls->lookahead.token != TK_EOS) {
    ls->t = ls->lookahead;
    ls->lookahead.token = TK_EOS;
  } else {
    ls->t.token = llex(ls, &ls->t);
  }
}

int lex_lookahead(LexState *ls) {
  ls->lookahead.token = llex(ls, &ls->lookahead);
  return ls->lookahead.token;
}
