/**
 * The kinds of data the public lists are built from. Each kind has a version (in
 * lib/db/list-versions.ts) that every write changing items of the kind bumps in its
 * own transaction, so "has this list changed since tag X?" costs one small read
 * (lib/domain/list-versions.ts) instead of the whole list.
 */
/** `reports`: the monthly reports, whose province totals GET /api/statistik shows. */
export const LIST_KINDS = ['villages', 'requests', 'users', 'scores', 'statuses', 'tourism', 'reports'] as const;
export type ListKind = (typeof LIST_KINDS)[number];
