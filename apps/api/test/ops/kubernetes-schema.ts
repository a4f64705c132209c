import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';

// Offline validation of manifests with kubernetes-models, whose validators are compiled from Kubernetes'
// own OpenAPI schemas (types, formats, required fields). Those schemas leave objects open, so a misspelt
// field (`readinesProbe`) would pass, while the API server drops or refuses it. Strictness is added here:
// the validator reads every field its schema knows, so a field of an object it never read is unknown.
// Objects it enumerates instead (maps: labels, data, resources.limits) may hold any key. Decision 0113.

interface ModelClass {
  apiVersion: string;
  kind: string;
  prototype: { validate(): void };
}

/** The kinds deploy/kubernetes uses; a manifest of any other kind fails the test until it is added here. */
export const MODELS: ModelClass[] = [
  ConfigMap,
  Secret,
  Service,
  Deployment,
  Job,
  HorizontalPodAutoscaler,
  PodDisruptionBudget,
  Ingress,
  NetworkPolicy,
];

interface Seen {
  keys: string[];
  read: Set<string>;
  enumerated: boolean;
}

/** A deep copy of `value` whose objects record which of their fields are read. */
function watched(value: unknown, at: string, seen: Map<string, Seen>): unknown {
  if (Array.isArray(value)) return value.map((item, i) => watched(item, `${at}/${i}`, seen));
  if (value === null || typeof value !== 'object') return value;
  const entry: Seen = { keys: Object.keys(value), read: new Set(), enumerated: false };
  seen.set(at, entry);
  const copy = Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, watched(v, `${at}/${key}`, seen)]),
  );
  return new Proxy(copy, {
    get(target, key, receiver) {
      if (typeof key === 'string') entry.read.add(key);
      return Reflect.get(target, key, receiver);
    },
    ownKeys(target) {
      entry.enumerated = true;
      return Reflect.ownKeys(target);
    },
  });
}

/** Every problem with one manifest object: schema errors and unknown fields, as `path: message`. */
export function validateObject(object: Record<string, unknown>): string[] {
  const model = MODELS.find((m) => m.apiVersion === object.apiVersion && m.kind === object.kind);
  if (!model) return [`no model for ${String(object.apiVersion)} ${String(object.kind)}`];
  const seen = new Map<string, Seen>();
  const problems: string[] = [];
  try {
    model.prototype.validate.call(watched(object, '', seen));
  } catch (error) {
    problems.push((error as Error).message);
  }
  for (const [at, entry] of seen) {
    if (entry.enumerated) continue;
    for (const key of entry.keys) {
      if (!entry.read.has(key)) problems.push(`${at || '/'}: unknown field "${key}"`);
    }
  }
  return problems;
}
