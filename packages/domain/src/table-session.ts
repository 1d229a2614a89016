/**
 * Table sessions (decision 034): the names the server and the web share, kept free of zod so the
 * guest page's table chunk stays small. The request and answer shapes are in contracts/table-session.ts.
 */
export const TABLE_MEMBER_HEADER = 'x-table-member';
/** The query parameter of a table's QR link that carries its token. */
export const TABLE_TOKEN_PARAM = 't';
export const TABLE_MEMBER_NAME_MAX = 30;
