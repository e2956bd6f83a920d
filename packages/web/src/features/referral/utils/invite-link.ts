import { paths } from '../../../lib/paths';

/**
 * The link a friend opens to sign up with the code filled in: this app's own address with the
 * register route in the hash (the app uses a hash router), the code in its query (SPEC §2).
 */
export function inviteLinkOf(inviteCode: string, location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${location.pathname}#${paths.register}?inviteCode=${encodeURIComponent(inviteCode)}`;
}
