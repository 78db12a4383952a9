export const ROLES = ['admin', 'pengelola', 'dinas'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a person may choose at sign-up; admins come only from the CLI. */
export const SELF_REGISTER_ROLES = ['pengelola', 'dinas'] as const;
