/*
 * A twin of the model (core), written again in Promela for SPIN: a second
 * checker, by another method, of each row of the table. Two clients over
 * the search's default alphabet (acquire, write, their held variants, a
 * read showing the token, check, pauses and ticks of 5 and 10, release,
 * crash, restart, a clock jump of 10, the delivery of a held message), at
 * most two messages held up at once (core.DefaultMaxHeld), and at most
 * three grants: grants and tokens are numbers here, which the search's key
 * abstracts, so a bound keeps them finite. core's
 * TestPromelaTwinAgreesOnEveryRowsWorstVerdict checks that, for every row,
 * SPIN comes to the worst verdict the search to closure comes to: whether
 * some run corrupts (noHarm), else gets stuck (noHarmNorStuck), else lets a
 * late write land (noLate).
 *
 * A row is chosen with -D: TTL (leases expire), DURABLE (a restart keeps
 * everything), TOKENS (grants carry fencing tokens), FENCED (the resource
 * checks them), MAJORITY (Redlock: a restart or a clock jump strikes one of
 * five nodes, which alone cannot change who holds a majority, so the
 * majority is drawn as one node they leave alone), LOCKLESS (no lock
 * service: an acquire reads the row's version, which a write must carry:
 * the optimistic lock).
 *
 * Time is counted in units of 5 ticks: a lease is 10 ticks, 2 units; pauses,
 * ticks and a jump pass 1 or 2. What is left of a lease is kept, from 0 (it
 * has ended) to 2; NEVER is a lease without end. A pause is time passing:
 * the paused client wakes when it next acts, as in the model.
 */

#define GRANTS 3 /* missAfter below is written out for grants 1 to 3 */
#define LEASE 2
#define NEVER 3
#define HELD 2
#define NONE 0
/* message kinds */
#define EMPTY 0
#define REPLY 1
#define WRITE 2

/* The lock service (one node; Redlock's majority behaves as one here). */
byte holder;     /* 0 none, 1 A, 2 B */
byte nodeLeft;   /* what is left of the holder's lease, by the node's clock */
byte nodeGrant;  /* the grant the node holds */
byte nodeToken;
byte issued;     /* the token counter */

/* The ledger. */
byte grants;     /* grants made (reads of a version, without a lock service) */
byte newest;     /* the newest grant whose write the resource applied */
bool mark[GRANTS + 1];    /* a read under this grant, before its write */
bool missed[GRANTS + 1];  /* ... that a late write landed after */
bool harm;
bool late;

/* The resource. */
byte maxToken;
/* A version a client or a held write carries is the row's (CUR), an older
 * one (OLD: the row's only grows, so it never matches again), or none; the
 * row's own number decides nothing else. */
#define CUR 1
#define OLD 2
#define version CUR

/* The clients, A (index 1) and B (index 2). */
byte grant[3];
byte token[3];
byte left[3];
byte ver[3];
bool crashed[3];

/* The messages held up: a reply (to its client) or a write. */
typedef msg { byte kind; byte client; byte g; byte tok; byte v; byte lft };
msg net[HELD];
hidden msg swap;

/* A slot is free for one more held message. */
#define FREE ((net[0].kind == EMPTY) || (net[1].kind == EMPTY))

#define HELDNODE (holder != NONE && nodeLeft > 0)

/* What the node grants now, if it can: g (0 if refused). */
inline grantTo(c, g, t) {
  g = 0; t = 0;
  if
  :: LOCKLESS -> skip
  :: else ->
     if
     :: HELDNODE -> skip
     :: else ->
        if
        :: grants < GRANTS ->
           grants++; g = grants;
           issued++;
           t = (TOKENS -> issued : 0);
           holder = c; nodeLeft = (TTL -> LEASE : NEVER); nodeGrant = g; nodeToken = t
        :: else -> skip
        fi
     fi
  fi
}

/* Ledger.Read: a read under grant g, before g's first write. */
inline readMark(g) {
  if
  :: newest >= g -> skip
  :: newest < g && mark[g] -> missed[g] = false /* a second read: it sees every late write so far */
  :: newest < g && !mark[g] -> mark[g] = true; missed[g] = false
  fi
}

/* A read under grant k, if after g, has missed g's late write. */
inline missAfter(g, k) { if :: k > g && mark[k] -> missed[k] = true :: else -> skip fi }

/* Ledger.Landed: a write under g applied. */
inline landed(g) {
  if
  :: newest > g -> harm = true
  :: mark[g] && missed[g] -> harm = true
  :: else -> skip
  fi;
  mark[g] = false; missed[g] = false;
  if
  :: g < grants ->
     late = true;
     missAfter(g, 1); missAfter(g, 2); missAfter(g, 3)
  :: else -> skip
  fi;
  if :: g > newest -> newest = g :: else -> skip fi
}

/* A write under g with token t and version v reaching the resource:
 * applied is set if it was. */
inline land(g, t, v, applied) {
  applied = false;
  if
  :: LOCKLESS -> if :: v == CUR -> aged(); applied = true :: else -> skip fi
  :: FENCED -> if :: t >= 1 && t >= maxToken -> maxToken = t; applied = true :: else -> skip fi
  :: else -> applied = true
  fi;
  if :: applied -> landed(g) :: else -> skip fi
}

/* The row's version moved on: every version carried is older now. */
inline aged() {
  ver[1] = (ver[1] == CUR -> OLD : ver[1]); ver[2] = (ver[2] == CUR -> OLD : ver[2]);
  net[0].v = (net[0].v == CUR -> OLD : net[0].v); net[1].v = (net[1].v == CUR -> OLD : net[1].v)
}

inline forget(c) { grant[c] = 0; token[c] = 0; left[c] = 0; ver[c] = 0 }

/* Time passing: u units on every clock. */
inline advance(u) {
  if :: nodeLeft != NEVER -> nodeLeft = (nodeLeft > u -> nodeLeft - u : 0) :: else -> skip fi;
  left[1] = (left[1] == NEVER -> NEVER : (left[1] > u -> left[1] - u : 0));
  left[2] = (left[2] == NEVER -> NEVER : (left[2] > u -> left[2] - u : 0));
  net[0].lft = (net[0].lft > u -> net[0].lft - u : 0);
  net[1].lft = (net[1].lft > u -> net[1].lft - u : 0)
}

/* Messages whose delivery can no longer change anything are dropped (the
 * search's key leaves them out, and they do not count as held). */
inline sweepSlot(i) {
  if
  :: net[i].kind == REPLY && (crashed[net[i].client] || (!LOCKLESS && TTL && net[i].lft == 0)) -> net[i].kind = EMPTY
  :: net[i].kind == WRITE && FENCED && (net[i].tok < 1 || net[i].tok < maxToken) -> net[i].kind = EMPTY
  :: net[i].kind == WRITE && LOCKLESS && net[i].v != version -> net[i].kind = EMPTY
  :: else -> skip
  fi
}

/* The two slots are unordered: keep the larger (by its fields) first, and
 * an empty one second, so that a state is stored once whichever slot its
 * messages came in. */
#define BEFORE(a, b) (a.kind > b.kind || a.kind == b.kind && (a.client > b.client || a.client == b.client && \
  (a.g > b.g || a.g == b.g && (a.tok > b.tok || a.tok == b.tok && (a.v > b.v || a.v == b.v && a.lft > b.lft)))))

inline sweep() {
  sweepSlot(0); sweepSlot(1);
  if
  :: BEFORE(net[1], net[0]) ->
     swap.kind = net[0].kind; swap.client = net[0].client; swap.g = net[0].g; swap.tok = net[0].tok; swap.v = net[0].v; swap.lft = net[0].lft;
     net[0].kind = net[1].kind; net[0].client = net[1].client; net[0].g = net[1].g; net[0].tok = net[1].tok; net[0].v = net[1].v; net[0].lft = net[1].lft;
     net[1].kind = swap.kind; net[1].client = swap.client; net[1].g = swap.g; net[1].tok = swap.tok; net[1].v = swap.v; net[1].lft = swap.lft
  :: else -> skip
  fi
}

inline put(kind0, c, g0, t0, v0, l0) {
  if
  :: net[0].kind == EMPTY -> net[0].kind = kind0; net[0].client = c; net[0].g = g0; net[0].tok = t0; net[0].v = v0; net[0].lft = l0
  :: else -> net[1].kind = kind0; net[1].client = c; net[1].g = g0; net[1].tok = t0; net[1].v = v0; net[1].lft = l0
  fi
}

bool stuck;

inline judgeStuck() {
  stuck = (!LOCKLESS && HELDNODE &&
           ((!TTL && crashed[holder]) || (FENCED && nodeToken != 0 && maxToken > nodeToken)))
}

/* One client's actions: each an option of the run's loop. */
inline deliver(m) {
  if
  :: net[m].kind == REPLY ->
     rc = net[m].client;
     grant[rc] = net[m].g; token[rc] = net[m].tok; ver[rc] = net[m].v;
     left[rc] = (LOCKLESS || !TTL -> NEVER : net[m].lft)
  :: else -> rg = net[m].g; rt = net[m].tok; rv = net[m].v; land(rg, rt, rv, ra)
  fi;
  net[m].kind = EMPTY; sweep(); judgeStuck()
}

#define ACTS(c) \
  :: d_step { !crashed[c] -> /* acquire */ \
       if \
       :: LOCKLESS -> if :: grants < GRANTS -> grants++; grant[c] = grants; ver[c] = version; left[c] = NEVER; readMark(grants) :: else -> skip fi \
       :: else -> grantTo(c, rg, rt); if :: rg != 0 -> grant[c] = rg; token[c] = rt; left[c] = (TTL -> LEASE : NEVER) :: else -> skip fi \
       fi; sweep(); judgeStuck() } \
  :: d_step { !crashed[c] && FREE -> /* acquire, its reply held up */ \
       if \
       :: LOCKLESS -> if :: grants < GRANTS -> grants++; readMark(grants); put(REPLY, c, grants, 0, version, NEVER) :: else -> skip fi \
       :: else -> grantTo(c, rg, rt); if :: rg != 0 -> put(REPLY, c, rg, rt, 0, (TTL -> LEASE : NEVER)) :: else -> skip fi \
       fi; sweep(); judgeStuck() } \
  :: d_step { !crashed[c] && grant[c] != 0 -> /* write */ \
       rg = grant[c]; rt = token[c]; rv = ver[c]; land(rg, rt, rv, ra); \
       if :: LOCKLESS && ra -> ver[c] = version :: else -> skip fi; \
       sweep(); judgeStuck() } \
  :: d_step { !crashed[c] && grant[c] != 0 && FREE -> /* write, held up */ \
       put(WRITE, c, grant[c], token[c], ver[c], 0); sweep() } \
  :: d_step { !crashed[c] -> /* read, showing the token */ \
       if \
       :: LOCKLESS -> if :: grants < GRANTS -> grants++; grant[c] = grants; ver[c] = version; left[c] = NEVER; readMark(grants) :: else -> skip fi \
       :: !LOCKLESS && grant[c] == 0 -> skip \
       :: !LOCKLESS && grant[c] != 0 && FENCED && (token[c] < 1 || token[c] < maxToken) -> skip \
       :: !LOCKLESS && grant[c] != 0 && FENCED && token[c] >= 1 && token[c] >= maxToken -> maxToken = token[c]; readMark(grant[c]) \
       :: !LOCKLESS && grant[c] != 0 && !FENCED -> readMark(grant[c]) \
       fi; sweep(); judgeStuck() } \
  :: d_step { !crashed[c] && !LOCKLESS && grant[c] != 0 && left[c] == 0 -> forget(c) } /* check: its lease has ended */ \
  :: d_step { !crashed[c] -> advance(1); sweep(); judgeStuck() } /* pause:5 */ \
  :: d_step { !crashed[c] -> advance(2); sweep(); judgeStuck() } /* pause:10 */ \
  :: d_step { !crashed[c] && !LOCKLESS && grant[c] != 0 -> /* release */ \
       if :: HELDNODE && holder == c -> holder = NONE; nodeLeft = 0 :: else -> skip fi; \
       forget(c); judgeStuck() } \
  :: d_step { !crashed[c] -> crashed[c] = true; forget(c); sweep(); judgeStuck() } /* crash */

ltl noHarmNorStuck { [] !(harm || stuck) }
ltl noHarm { [] !harm }
ltl noLate { [] !late }

/* Scratch of one step, not part of the state. */
hidden byte rc, rg, rt, rv, ra;

active proctype dlock() {
  do
  ACTS(1)
  ACTS(2)
  :: d_step { advance(1); sweep(); judgeStuck() }  /* tick:5 */
  :: d_step { advance(2); sweep(); judgeStuck() }  /* tick:10 */
  :: d_step { !LOCKLESS && !DURABLE && !MAJORITY -> /* restart: the node forgets */
       holder = NONE; nodeLeft = 0; nodeGrant = 0; nodeToken = 0; issued = 0; judgeStuck() }
  :: d_step { !LOCKLESS && !MAJORITY && nodeLeft != NEVER -> /* jump:10 */
       nodeLeft = (nodeLeft > 2 -> nodeLeft - 2 : 0); judgeStuck() }
  :: d_step { net[0].kind != EMPTY -> deliver(0) }
  :: d_step { net[1].kind != EMPTY -> deliver(1) }
  od
}
