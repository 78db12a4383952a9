/**
 * The single table's key schema: every item's keys are built here and nowhere else.
 *
 * Table: PK (hash), SK (range). GSI1: GSI1PK/GSI1SK — "all items of a kind", for lists.
 * GSI2: GSI2PK/GSI2SK — villages by manager e-mail. GSI3: GSI3PK/GSI3SK — villages by their
 * score's category (`DESAKAT#<kategori|belum>`), then `<provinsi>#<kabupaten>#<kd>`: the
 * filtered public lists. Definition: lib/db/table-schema.json
 * (the same file serverless.yml deploys and `npm start` / the tests create locally).
 *
 * | item                 | PK                    | SK       | GSI1PK / GSI1SK          | GSI2PK / GSI2SK        |
 * |----------------------|-----------------------|----------|--------------------------|------------------------|
 * | user                 | USER#<email>          | USER     | USER / <email>           | —                      |
 * | username marker      | USERNAME#<username>   | USERNAME | —                        | —                      |
 * | user id counter      | COUNTER#USER          | COUNTER  | —                        | —                      |
 * | reset code           | RESET#<email>         | RESET    | —                        | —                      |
 * | login throttle       | LOGIN#<email>         | SRC#<ip> / ALL | —                  | —                      |
 * | village              | DESA#<kd_desa>        | DESA     | DESA / <created_at>#<kd> | OWNER#<email> / <kd>   |
 *   (and GSI3PK / GSI3SK: DESAKAT#<kategori|belum> / <provinsi>#<kabupaten>#<kd>, lower case)
 * | score                | DESA#<kd_desa>        | SKOR     | SKOR / <kd_desa>         | —                      |
 * | tourism description  | DESA#<kd_desa>        | DESKWIS  | —                        | ATRAKSI / <random> (sparse) |
 * | its list position    | DESA#<kd_desa>        | DESKWIS#POS | —                     | —                      |
 * | list position index  | DESKWIS#IDX           | <pos, 10 digits> | —                | —                      |
 * | village description  | DESA#<kd_desa>        | DESKDESA | —                        | —                      |
 * | tourism desc. count  | COUNTER#DESKWIS       | COUNTER  | —                        | —                      |
 * | slug marker (+ copy) | SLUG#<slug>           | SLUG     | —                        | —                      |
 * | slug suffix counter  | SLUGSEQ#<base slug>   | SLUGSEQ  | —                        | —                      |
 * | request              | REQ#<kd_permintaan>   | REQ      | REQ / <created_at>#<kd>  | —                      |
 * | village status       | STAT#<kd_status>      | STAT     | STAT / <created_at>#<kd> | —                      |
 * | list version shard   | LISTVER#<kind>        | <0…7>    | —                        | —                      |
 * | image reference      | IMG#<object key>      | IMG      | —                        | —                      |
 * | history entry        | HIST#<kd or USER#e-mail> | <at>#<rand> | HIST or HISTSEC / <at>#<rand> | HISTBY#<actor> / <at>#<rand> |
 * | region counters      | STATS#REGION          | <provinsi>#<kabupaten> | —             | —                      |
 * | account counters     | STATS#ACCOUNTS        | ALL      | —                        | —                      |
 * | unfinished deletion  | CASCADE#PENDING       | <kd_desa> | —                       | —                      |
 * | idempotency record   | IDEM                  | request#<hash of caller, route, key> | — | —          |
 * | evaluation round     | EVAL#<id>             | EVAL     | EVAL / <created_at>#<id> | —                      |
 * | a village's assessment | EVAL#<id>           | DESA#<kd_desa> | —                  | —                      |
 * | a round's region counters | EVAL#<id>        | REKAP#<provinsi>#<kabupaten> | —    | —                      |
 * | outbox item (a notice to mail) | OUTBOX#<shard 0…7> | <at>#<rand> | —                 | —                      |
 * | delivery marker      | SENT#<shard>#<at>#<rand> | <recipient e-mail> (TTL expiresAt) | — | —           |
 * | monthly report (monitoring) | LAPORAN#<kd_desa> | <YYYY-MM> | LAPORAN#<YYYY> / <provinsi>#<kabupaten>#<kd>#<YYYY-MM> | — |
 * | report counters of a region-month | REKAPLAPORAN#<YYYY> | <YYYY-MM>#<provinsi>#<kabupaten> | — | —            |
 * | a province's visitors of a year (monitoring) | REKAPTAHUN | <provinsi>#<YYYY> | —               | —                      |
 * | monthly-report reminder sent | PENGINGATLAPORAN | otomatis#<YYYY-MM>#<round> / manual#<day>#<provinsi>#<kabupaten> (TTL expiresAt) | — | — |
 *
 * Everything that hangs off one village and has no code of its own (score; later the
 * two descriptions) lives in the village's partition, so one strongly consistent Query
 * of DESA#<kd> finds it. Requests and statuses have their own codes (GetItem by code);
 * the village item lists their codes (`request_codes`, `status_codes` string sets),
 * updated in the same transaction that creates or deletes them, so the cascade delete
 * finds them without an index. Every such transaction also bumps the village's
 * `child_rev`; the cascade's final transaction requires the `child_rev` it read, so a
 * child added meanwhile cannot be orphaned.
 *
 * Access patterns (request → key condition); no Scan anywhere:
 * | request                           | operations                                                        |
 * |-----------------------------------|-------------------------------------------------------------------|
 * | register                          | UpdateItem COUNTER#USER; TransactWrite user + username marker     |
 * | login                             | GetItem USER#<email> ∥ BatchGetItem LOGIN#<email> SRC#<ip> + ALL; Update both on failure, Delete SRC# on success |
 * | /auth/me, every token             | GetItem USER#<email> (routes with readAhead: BatchGetItem USER# + their village items) |
 * | every public list (GET)           | BatchGetItem LISTVER#<kind> shards (consistent) first; If-None-Match matching → 304, nothing else |
 * | reset request / verify / reset    | GetItem USER#, RESET#; Put/Update RESET# (conditions); TransactWrite user + delete RESET# |
 * | verify account                    | UpdateItem USER#<email> (attribute_exists)                        |
 * | GET /api/users[?includeDesa]      | Query GSI1 USER [+ Query GSI1 DESA], joined in memory             |
 * | GET /api/desa-wisata              | Query GSI1 DESA + Query GSI1 REQ + Query GSI1 USER, joined        |
 * | GET /api/desa-wisata/details      | Query GSI1 DESA                                                   |
 * | GET /api/desa-wisata/{kd}         | GetItem DESA#<kd>                                                 |
 * | GET /api/desa-wisata/email/{e}    | Query GSI2 OWNER#<email>                                          |
 * | GET /api/desa-wisata/slug/{s}     | GetItem SLUG#<s> (carries the village's public view)              |
 * | POST /api/desa-wisata             | GetItem USER#; [Query GSI2 OWNER#]; TransactWrite village + slug marker + request (+ user sign-up flag) |
 * | PUT /api/desa-wisata/{kd}         | BatchGetItem USER# + DESA#; TransactWrite village (version) + slug marker copy [+ delete old marker] |
 * | DELETE /api/desa-wisata/{kd}      | Query PK = DESA#<kd>; TransactWrite delete all (+ REQ#, STAT#, SLUG#) |
 * | GET /api/permintaan               | Query GSI1 REQ + Query GSI1 USER + Query GSI1 DESA, joined        |
 * | GET /api/permintaan/{kd}          | GetItem REQ#; BatchGetItem USER# + DESA#                          |
 * | POST/DELETE /api/permintaan       | TransactWrite REQ# + village (codes, tallies, child_rev) + region counters + history + list version |
 * | PUT /api/permintaan/{kd}          | TransactWrite REQ# (changed fields as read) + village tallies (child_rev) + region counters + history + list version |
 * | GET /api/status-desa              | Query GSI1 STAT                                                   |
 * | GET /api/status-desa/{kd}         | GetItem STAT#<kd>                                                 |
 * | POST/DELETE /api/status-desa      | TransactWrite STAT# + village (codes, tallies, child_rev) + region counters + history + list version |
 * | PUT /api/status-desa/{kd}         | TransactWrite STAT# (changed fields as read) [+ village tallies + region counters] + history + list version |
 * | GET /api/skor                     | Query GSI1 DESA + Query GSI1 SKOR, joined                         |
 * | GET /api/skor/{kd}                | GetItem DESA#<kd>/SKOR                                            |
 * | POST /api/skor                    | TransactWrite score (attribute_not_exists) + village category (child_rev) + region counters + history + list version |
 * | PUT /api/skor/{kd}                | TransactWrite score (changed fields as read) + village category (child_rev) or ConditionCheck DESA# + history + list version |
 * | GET /api/deskripsi-wisata?page    | GetItem COUNTER#DESKWIS ∥ Query DESKWIS#IDX SK BETWEEN page bounds; BatchGetItem descriptions |
 * | GET /api/deskripsi-wisata/{kd}    | GetItem DESA#<kd>/DESKWIS                                         |
 * | POST/DELETE deskripsi-wisata      | GetItem DESA#, COUNTER (+ POS, last IDX on delete); TransactWrite description + position + index + counter + village child_rev |
 * | PUT/PATCH/remove-item             | BatchGetItem USER# + DESA# + DESKWIS; TransactWrite DESKWIS (version condition, retried) |
 * | GET /api/atraksi-wisata           | Query GSI2 ATRAKSI from a random key (Limit 8, wraps) + BatchGetItem villages |
 * | GET /api/deskripsi-desa/{kd}      | GetItem DESA#<kd>/DESKDESA                                        |
 * | POST/PUT/DELETE deskripsi-desa    | GetItem DESA#, DESKDESA; TransactWrite description (version) + village gambar_cover |
 * | GET /api/desa-wisata?provinsi&…   | Query GSI3 DESAKAT#<k> (one per category, or the one asked) with begins_with <provinsi>#[<kabupaten>#] |
 * | GET /api/desa-wisata/export       | as the lists (GSI1 DESA, REQ, STAT, SKOR, USER; with a region: GSI3), joined; large files to S3 exports/ |
 * | GET /api/statistik                | Query STATS#REGION [begins_with <provinsi>#] ∥ Query REKAPTAHUN [begins_with <provinsi>#] (+ GetItem STATS#ACCOUNTS with a token) |
 * | GET …/{kd}/riwayat, /api/skor/{kd}/riwayat | Query HIST#<kd> (SK between the range, newest first) |
 * | GET /api/riwayat                  | Query GSI1 HIST or HISTSEC (GSI1SK range); by actor: Query GSI2 HISTBY#<id> |
 * | GET /api/evaluasi                 | Query GSI1 EVAL (newest first)                                    |
 * | GET /api/evaluasi/{id}/desa       | GetItem EVAL#; the villages in scope (as the filtered lists) ∥ Query EVAL#<id> begins_with DESA# |
 * | GET /api/evaluasi/{id}/rekap      | GetItem EVAL#; Query EVAL#<id> begins_with REKAP# [<provinsi>#] ∥ Query STATS#REGION |
 * | PUT …/mandiri, …/ajukan           | GetItem EVAL#, DESA#, EVAL#/DESA#; TransactWrite assessment (as read) + round (exists; submitted count) + region counters + history |
 * | PUT …/penilaian                   | as …/mandiri, + the score (as PUT /api/skor: village category, region counters, list version) |
 * | a write that gives notices        | + one Put OUTBOX#<shard> per notice in its transaction (unit of work `notify`) |
 * | the outbox drain (every minute)   | Query OUTBOX#0…7 (oldest first); recipients (GetItem, or a page of GSI1 DESA / GSI3 / GSI1 USER + BatchGetItem USER#); Put SENT# (claim: absent or lease over) and Update it (sent) per mail; Update/Delete OUTBOX# |
 * | POST /api/evaluasi/{id}/pengingat | GetItem EVAL#; TransactWrite round (day of the reminder, as read) + history + OUTBOX# |
 * | GET /api/akun/notifikasi          | GetItem USER#                                                     |
 * | PUT /api/akun/notifikasi          | GetItem USER#; TransactWrite user (switches, as read) + history + list version |
 * | PUT /api/pemantauan/desa/{kd}/{m} | GetItem DESA# ∥ Query LAPORAN#<kd> (SK ≤ m, newest first, 13); TransactWrite report (as read) + village check + region-month counters + province-year visitors + history + list version |
 * | POST …/{m}/verifikasi             | GetItem DESA# ∥ GetItem LAPORAN#<kd>/<m>; TransactWrite report (as read) + counters + history + list version |
 * | GET /api/pemantauan/desa/{kd}     | GetItem DESA# ∥ Query LAPORAN#<kd> SK between dari and sampai |
 * | GET /api/pemantauan/rekap         | Query REKAPLAPORAN#<YYYY> and #<YYYY−1> [begins_with <YYYY-MM>#[<provinsi>#…]] ∥ Query STATS#REGION |
 * | GET /api/pemantauan/belum-lapor   | the region's villages (GSI3, as the filtered lists) then BatchGetItem LAPORAN#<kd>/<m> of each |
 * | GET /api/pemantauan/export        | Query GSI1 LAPORAN#<YYYY> [begins_with <provinsi>#[<kabupaten>#]] ∥ the region's villages (names) |
 * | POST /api/pemantauan/pengingat    | the region's villages and their reports (as belum-lapor) ∥ GetItem PENGINGATLAPORAN; TransactWrite PENGINGATLAPORAN (absent) + history + OUTBOX# |
 * | the drain on the 1st–10th (WIB)   | GetItem PENGINGATLAPORAN otomatis#<m>#<round>; if absent, the same TransactWrite |
 * | any write with Idempotency-Key    | PutItem IDEM (condition: absent or expired) first; then UpdateItem (answer) or DeleteItem (released) |
 *
 * Pagination: DynamoDB has no offset, so the tourism descriptions hold dense positions
 * 1…total (index items DESKWIS#IDX/<pos>, and each description's own DESKWIS#POS).
 * A page is one Query of the index between two positions plus one BatchGetItem: the
 * same cost on page 1 and page 1,000. Creating appends at total+1; deleting moves the
 * last description into the freed position, all in one transaction conditioned on the
 * counter, so positions stay dense. (List order is creation order, except that a
 * deletion moves the newest description into the gap.)
 *
 * Tourism-description items (atraksi, penginapan, …) are kept inside the description
 * item, with a per-category `next_ids` counter on it; every write of the description is
 * a PutItem conditioned on the `version` it read, and the service re-reads and re-applies
 * on a lost race. So concurrent PATCH appends and remove-item calls all land, none is
 * lost, and an id is never handed out twice (the counter only grows). One item holds a
 * description of up to 400 KB, far above the limits the schemas set (100 items per
 * category, bounded texts).
 *
 * List versions: every transaction that changes what a public list shows also bumps
 * `LISTVER#<kind>` (one of 8 shards, ADD v, SET at) for each kind it changes (villages,
 * requests, users, scores, statuses, tourism; lib/db/list-versions.ts), and single-item
 * changes of listed items are transactions for that reason.
 *
 * Outbox: a transaction whose change tells someone something (an entity's `notify`) also puts
 * one OUTBOX#<random shard of 8> item per notice, sorted by time; the drain
 * (lib/domain/notifications.ts) reads the 8 shards oldest first, claims SENT#<notice>/<e-mail>
 * ('sending', if absent or its lease is over; TTL) before each mail and marks it 'sent' once SES
 * accepted it, and deletes the item once every recipient is confirmed.
 *
 * E-mails are stored and keyed lower-case and trimmed; usernames are unique case-insensitively.
 */
export const GSI1 = 'GSI1';
export const GSI2 = 'GSI2';
export const GSI3 = 'GSI3';

/**
 * A region's name as keys spell it: trimmed, lower case, without the key separator. Names
 * with `#` are refused on writes and filters (lib/contract/inputs.ts `regionName`); the
 * replacement keeps the keys of villages stored before that (their `#` read as a space).
 */
export const regionPart = (s: string) => s.trim().toLowerCase().replace(/#/g, ' ');
/** Where a village sits in GSI3 (villages by category, then region): the filtered lists' index. */
export const villageFilterKeys = (kategori: string | undefined, r: { provinsi: string; kabupaten: string }, kd: string) => ({
  GSI3PK: `DESAKAT#${kategori ?? 'belum'}`,
  GSI3SK: `${regionPart(r.provinsi)}#${regionPart(r.kabupaten)}#${kd}`,
});

export const normEmail = (email: string): string => email.trim().toLowerCase();

/**
 * DynamoDB refuses key values over 2048 bytes (partition) / 1024 bytes (sort) with a
 * ValidationException. No stored item has a key part that long (codes, slugs and
 * e-mails are short), so repositories answer "not found" for such input without asking
 * the table — the same answer as for any other unknown value.
 */
export const MAX_KEY_PART_BYTES = 1000;
export const fitsKey = (...values: string[]): boolean => values.every((v) => Buffer.byteLength(v, 'utf8') <= MAX_KEY_PART_BYTES);

export const keys = {
  user: (email: string) => ({ PK: `USER#${normEmail(email)}`, SK: 'USER' }),
  userList: (email: string) => ({ GSI1PK: 'USER', GSI1SK: normEmail(email) }),
  usernameMarker: (username: string) => ({ PK: `USERNAME#${username.trim().toLowerCase()}`, SK: 'USERNAME' }),
  userCounter: () => ({ PK: 'COUNTER#USER', SK: 'COUNTER' }),
  resetCode: (email: string) => ({ PK: `RESET#${normEmail(email)}`, SK: 'RESET' }),
  /** Failed logins of an e-mail from one source (IP), and from all sources together. */
  loginThrottle: (email: string, source: string) => ({ PK: `LOGIN#${normEmail(email)}`, SK: `SRC#${source}` }),
  loginThrottleAll: (email: string) => ({ PK: `LOGIN#${normEmail(email)}`, SK: 'ALL' }),

  village: (kd: string) => ({ PK: `DESA#${kd}`, SK: 'DESA' }),
  villagePartition: (kd: string) => `DESA#${kd}`,
  /** A large village's deletion that has retired the village but not yet removed all it had (lib/db/cascade.ts). */
  pendingDeletion: (kd: string) => ({ PK: 'CASCADE#PENDING', SK: kd }),
  pendingDeletions: () => 'CASCADE#PENDING',
  villageList: (createdAt: string, kd: string) => ({ GSI1PK: LIST.villages, GSI1SK: `${createdAt}#${kd}` }),
  villageOwner: (email: string, kd: string) => ({ GSI2PK: `OWNER#${normEmail(email)}`, GSI2SK: kd }),
  villageFilter: villageFilterKeys,
  ownerPartition: (email: string) => `OWNER#${normEmail(email)}`,
  slugMarker: (slug: string) => ({ PK: `SLUG#${slug}`, SK: 'SLUG' }),
  slugCounter: (base: string) => ({ PK: `SLUGSEQ#${base}`, SK: 'SLUGSEQ' }),

  score: (kd: string) => ({ PK: `DESA#${kd}`, SK: 'SKOR' }),
  scoreList: (kd: string) => ({ GSI1PK: LIST.scores, GSI1SK: kd }),

  request: (code: string) => ({ PK: `REQ#${code}`, SK: 'REQ' }),
  requestList: (createdAt: string, code: string) => ({ GSI1PK: LIST.requests, GSI1SK: `${createdAt}#${code}` }),

  tourismDescription: (kd: string) => ({ PK: `DESA#${kd}`, SK: 'DESKWIS' }),
  tourismCounter: () => ({ PK: 'COUNTER#DESKWIS', SK: 'COUNTER' }),
  /** Position `pos` (1…total) of the paginated list → kd_desa. */
  tourismIndex: (pos: number) => ({ PK: 'DESKWIS#IDX', SK: String(pos).padStart(10, '0') }),
  tourismIndexPartition: 'DESKWIS#IDX',
  /** A description's position in that list (in the village's partition, so the cascade finds it). */
  tourismPosition: (kd: string) => ({ PK: `DESA#${kd}`, SK: 'DESKWIS#POS' }),
  /** Sparse: only descriptions with an attraction that has an image; the sort key is random. */
  attractionIndex: (randomKey: string) => ({ GSI2PK: 'ATRAKSI', GSI2SK: randomKey }),
  villageDescription: (kd: string) => ({ PK: `DESA#${kd}`, SK: 'DESKDESA' }),

  /** An image object's reference record (lib/db/image-refs.ts): claims, releases and the sweep's deletion mark. */
  imageRef: (objectKey: string) => ({ PK: `IMG#${objectKey}`, SK: 'IMG' }),

  /** A history entry (lib/db/history.ts): its scope's partition, newest last by sort key. */
  historyEntry: (scope: string, id: string) => ({ PK: `HIST#${scope}`, SK: id }),
  historyPartition: (scope: string) => `HIST#${scope}`,
  /** The statistics' counters (lib/db/stats.ts): one item per kabupaten, one for the accounts. */
  statsRegions: () => 'STATS#REGION',
  statsAccounts: () => ({ PK: 'STATS#ACCOUNTS', SK: 'ALL' }),
  historyFeed: (security: boolean, id: string) => ({ GSI1PK: security ? 'HISTSEC' : 'HIST', GSI1SK: id }),
  historyActor: (actorId: string, id: string) => ({ GSI2PK: `HISTBY#${actorId}`, GSI2SK: id }),

  /** One of the shards of a list kind's version (lib/db/list-versions.ts). */
  listVersion: (kind: string, shard: number) => ({ PK: `LISTVER#${kind}`, SK: String(shard) }),

  /**
   * The one partition of the Idempotency-Key records (lib/db/idempotency.ts): Powertools' DynamoDB
   * store takes a static partition key; its sort key is the hashed, caller-scoped key.
   */
  idempotencyPartition: 'IDEM',
  /** That a keyed request's change committed (lib/db/applied-once.ts), in the same partition: `applied#<hash of the scoped key>`. */
  appliedMarker: (hash: string) => ({ PK: 'IDEM', SK: `applied#${hash}` }),

  status: (code: string) => ({ PK: `STAT#${code}`, SK: 'STAT' }),
  statusList: (createdAt: string, code: string) => ({ GSI1PK: LIST.statuses, GSI1SK: `${createdAt}#${code}` }),

  /** An evaluation round, and in its partition each village's assessment and the round's counters per region. */
  evaluation: (id: string) => ({ PK: `EVAL#${id}`, SK: 'EVAL' }),
  evaluationPartition: (id: string) => `EVAL#${id}`,
  evaluationList: (createdAt: string, id: string) => ({ GSI1PK: LIST.evaluations, GSI1SK: `${createdAt}#${id}` }),
  assessment: (id: string, kd: string) => ({ PK: `EVAL#${id}`, SK: `DESA#${kd}` }),
  /** An outbox item (lib/db/outbox.ts): a notice to mail, in one of 8 shards, oldest first by its sort key `<at>#<rand>`. */
  outbox: (shard: number, sk: string) => ({ PK: `OUTBOX#${shard}`, SK: sk }),
  outboxPartition: (shard: number) => `OUTBOX#${shard}`,
  /** A notice's mail to one recipient: claimed ('sending') before it is sent, 'sent' once SES accepted it (lib/db/outbox.ts). */
  delivery: (notice: string, email: string) => ({ PK: `SENT#${notice}`, SK: normEmail(email) }),
  /**
   * A village's monthly report (monitoring, lib/db/reports.ts): a partition of its own, so a village's
   * months are one Query and they outlive the village (the figures of past months stay counted).
   */
  report: (kd: string, bulan: string) => ({ PK: `LAPORAN#${kd}`, SK: bulan }),
  reportPartition: (kd: string) => `LAPORAN#${kd}`,
  /** The report counters of one region and month, in its year's partition: a year for all regions is one Query. */
  reportCounters: (bulan: string, r: { provinsi: string; kabupaten: string }) => ({
    PK: `REKAPLAPORAN#${bulan.slice(0, 4)}`,
    SK: `${bulan}#${regionPart(r.provinsi)}#${regionPart(r.kabupaten)}`,
  }),
  reportCountersPartition: (tahun: string) => `REKAPLAPORAN#${tahun}`,
  /** A report's place in GSI1: a year's reports by region, village and month (the monitoring export). */
  reportList: (r: { bulan: string; provinsi?: string; kabupaten?: string; kd_desa?: string }) => ({
    GSI1PK: `LAPORAN#${r.bulan.slice(0, 4)}`,
    GSI1SK: `${regionPart(r.provinsi ?? '')}#${regionPart(r.kabupaten ?? '')}#${r.kd_desa ?? ''}#${r.bulan}`,
  }),
  /** A province's visitors of a year (the public statistics): every province's years are one Query. */
  reportYear: (provinsi: string, tahun: string) => ({ PK: 'REKAPTAHUN', SK: `${regionPart(provinsi)}#${tahun}` }),
  /** A monthly-report reminder that went out (lib/db/outbox.ts): its key is what makes it once (a month's round, a region's day). */
  reportReminder: (id: string) => ({ PK: 'PENGINGATLAPORAN', SK: id }),
  /** A round's counters of one region (`<provinsi>#<kabupaten>`, lower case, as the statistics' keys). */
  evaluationCounters: (id: string, r: { provinsi: string; kabupaten: string }) => ({
    PK: `EVAL#${id}`,
    SK: `REKAP#${regionPart(r.provinsi)}#${regionPart(r.kabupaten)}`,
  }),
};

/** The GSI1 partitions that list every item of a kind. */
export const LIST = {
  users: 'USER',
  villages: 'DESA',
  scores: 'SKOR',
  requests: 'REQ',
  statuses: 'STAT',
  evaluations: 'EVAL',
} as const;
