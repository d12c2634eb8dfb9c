import { API } from '../../../contract/api-paths';
import type { ApiEnvelope } from '../../../contract/envelope';
import type { SocialLink } from '../../../contract/social';
import { http } from '../../core/http/http';

/** The third-party identities linked to the signed-in user's account. */
export function fetchLinks(): Promise<ApiEnvelope<SocialLink[]>> {
  return http.get<SocialLink[]>(API.socialLinks);
}

/** Unlinks one of them. */
export function postUnlink(link: Pick<SocialLink, 'issuer' | 'subject'>): Promise<ApiEnvelope> {
  return http.post(API.socialUnlink, { issuer: link.issuer, subject: link.subject });
}
