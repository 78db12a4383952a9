/**
 * The single table's key schema: every item's keys are built here and nowhere else.
 *
 * Table: PK (hash), SK (range). GSI1: GSI1PK/GSI1SK — "all items of a kind", for lists.
 * GSI2: GSI2PK/GSI2SK — "items that belong to an owner e-mail" (villages by manager).
 * Definition: lib/db/table-schema.json (also deployed by serverless.yml).
 *
 * | item                | PK                   | SK        | GSI1PK / GSI1SK        | GSI2PK / GSI2SK        |
 * |---------------------|----------------------|-----------|------------------------|------------------------|
 * | user                | USER#<email>         | USER      | USER / <email>         | —                      |
 * | username marker     | USERNAME#<username>  | USERNAME  | —                      | —                      |
 * | user id counter     | COUNTER#USER         | COUNTER   | —                      | —                      |
 * | reset code          | RESET#<email>        | RESET     | —                      | —                      |
 * | login throttle      | LOGIN#<email>        | LOGIN     | —                      | —                      |
 *
 * Access patterns (request → key condition), no Scan anywhere:
 * | request                        | operation                                             |
 * |--------------------------------|-------------------------------------------------------|
 * | register                       | UpdateItem COUNTER#USER; TransactWrite user + username marker (attribute_not_exists) |
 * | login, /auth/me, any token     | GetItem USER#<email>                                  |
 * | reset request / verify / reset | GetItem USER#<email>, RESET#<email>; PutItem/UpdateItem RESET (conditions); TransactWrite user + delete RESET |
 * | verify account                 | UpdateItem USER#<email> (attribute_exists)            |
 * | user list                      | Query GSI1 GSI1PK = USER (all pages)                  |
 *
 * E-mails are stored and keyed lower-case and trimmed; usernames are unique case-insensitively.
 */
export const GSI1 = 'GSI1';
export const GSI2 = 'GSI2';

export const normEmail = (email: string): string => email.trim().toLowerCase();

export const keys = {
  user: (email: string) => ({ PK: `USER#${normEmail(email)}`, SK: 'USER' }),
  userList: (email: string) => ({ GSI1PK: 'USER', GSI1SK: normEmail(email) }),
  usernameMarker: (username: string) => ({ PK: `USERNAME#${username.trim().toLowerCase()}`, SK: 'USERNAME' }),
  userCounter: () => ({ PK: 'COUNTER#USER', SK: 'COUNTER' }),
  resetCode: (email: string) => ({ PK: `RESET#${normEmail(email)}`, SK: 'RESET' }),
  loginThrottle: (email: string) => ({ PK: `LOGIN#${normEmail(email)}`, SK: 'LOGIN' }),
};

/** The GSI1 partition that lists every item of a kind. */
export const LIST = { users: 'USER' } as const;
