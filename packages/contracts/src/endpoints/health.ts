import { z } from 'zod';
import { AnyQuerySchema, envelope } from '../common';
import { defineEndpoint } from '../endpoint';

// Probes for load balancers and orchestrators.

const StatusResponseSchema = envelope(z.object({ status: z.string() }));

export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    roles: ['anonymous'],
    summary: 'The process is alive',
    query: AnyQuerySchema,
    response: StatusResponseSchema,
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/ready',
    tag: 'health',
    roles: ['anonymous'],
    summary: 'The database answers',
    query: AnyQuerySchema,
    response: StatusResponseSchema,
  }),
};
