import { endpointKey } from './endpoint-key';

/** Query keys of webhook endpoints (contracts' webhooksEndpoints and adminWebhooksEndpoints). */
export const webhookKeys = {
  list: (organizationId: number | null) =>
    organizationId === null
      ? ([...endpointKey('adminWebhooks', 'list')] as const)
      : ([...endpointKey('webhooks', 'list'), organizationId] as const),
  deliveries: (organizationId: number | null, webhookId: number) =>
    organizationId === null
      ? ([...endpointKey('adminWebhooks', 'deliveries'), webhookId] as const)
      : ([...endpointKey('webhooks', 'deliveries'), organizationId, webhookId] as const),
};
