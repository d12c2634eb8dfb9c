import { API } from '../../../contract/api-paths';

/**
 * Where a ticket found in the address is exchanged (spec §4 step 4, §7 "ticket exchange on a
 * configurable path"): the path, the method, and the field the ticket travels in. The platform's
 * own pages use the reference server's exchange; an application configures its own (PH.init) or
 * none, and a ticket then shows the §8 error toast instead of being sent anywhere.
 */
export interface TicketApiConfig {
  path: string;
  method: 'GET' | 'POST';
  /** The request field that carries the ticket (spec §7: "ticket key"). */
  ticketKey: string;
}

export const DEFAULT_TICKET_API: TicketApiConfig = {
  path: API.ticketLogin,
  method: 'POST',
  ticketKey: 'ticket',
};

function nonEmpty(value: string | undefined): string | undefined {
  return value === '' ? undefined : value;
}

let configured: TicketApiConfig | null = DEFAULT_TICKET_API;

/** Sets (or, with null or an empty path, removes) the ticket exchange of this page. */
export function configureTicketApi(config: Partial<TicketApiConfig> | null): void {
  const path = config?.path?.trim() ?? '';
  configured =
    config === null || path === ''
      ? null
      : {
          path,
          method: config.method === 'GET' ? 'GET' : 'POST',
          ticketKey: nonEmpty(config.ticketKey?.trim()) ?? DEFAULT_TICKET_API.ticketKey,
        };
}

export function ticketApi(): TicketApiConfig | null {
  return configured;
}
