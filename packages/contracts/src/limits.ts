/** Business constants of spec section 9, in one place for the API and the web. */
export const MAX_AVATAR_BYTES = 5_000_000;
export const NAME_MIN = 2;
export const NAME_MAX = 40;
export const PLAN_DESCRIPTION_MAX = 512;
export const PLAN_COUNT_MAX = 99;
export const SUPPORT_TYPE_ID = 1;
export const MEMBER_TYPE_OWNER = 1;
export const MEMBER_TYPE_MEMBER = 2;
/** An organization admin ('Администратор'), not a site admin (user type 2). Issue 13, decision 0132. */
export const MEMBER_TYPE_ADMIN = 3;
/** An invitation link and an ownership offer are valid this long (decisions 0130, 0133). */
export const INVITATION_TTL_DAYS = 7;
export const TRANSFER_TTL_DAYS = 7;
/** 'Отправить повторно' mails an invitation at most once in this many seconds. */
export const INVITATION_RESEND_SECONDS = 60;
export const USER_TYPE_USER = 1;
export const USER_TYPE_ADMIN = 2;
export const BASIC_PLAN_ID = 1;
export const ORGANIZATION_DELETE_DELAY_MS = 1500;
export const AVATAR_STACK_MAX = 4;
/**
 * Request bodies (issue 27, decision 0192): an anonymous call's body is never read past 16 KB, and every other
 * call's limit is the smallest it needs: 16 KB unless its table entry says more (uploads keep their own).
 */
export const ANONYMOUS_BODY_LIMIT = 16 * 1024;
export const DEFAULT_BODY_LIMIT = 16 * 1024;
