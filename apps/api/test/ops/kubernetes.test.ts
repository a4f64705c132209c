import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { NODE_FLAGS } from '../../node-flags.mjs';
import { EnvSchema } from '../../src/env';
import { validateObject } from './kubernetes-schema';

// deploy/kubernetes cannot be applied here (no cluster, no kubectl), so it is checked as far as files can be:
// every object against Kubernetes' schemas (kubernetes-models, plus unknown fields), and the project's own
// rules: the API's whole configuration, probes, the stop sequence, the user (decisions 0112, 0113).

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const dir = `${root}deploy/kubernetes/`;
const read = (file: string) => readFileSync(file, 'utf8');

// biome-ignore lint/suspicious/noExplicitAny: manifests are checked field by field below
type Manifest = Record<string, any>;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
  .sort();
const documents = files.flatMap((file) =>
  parseAllDocuments(read(dir + file)).map((doc) => ({ file, doc, object: doc.toJS() as Manifest })),
);
const objects = documents.map((d) => d.object);
const find = (kind: string, name?: string) => {
  const found = objects.filter((o) => o.kind === kind && (!name || o.metadata?.name === name));
  expect(found, `one ${kind}${name ? ` ${name}` : ''}`).toHaveLength(1);
  return found[0] as Manifest;
};

const deployment = find('Deployment');
const job = find('Job');
const pod = deployment.spec.template.spec;
const api = pod.containers[0];
const configMap = find('ConfigMap', api.envFrom?.find((e: Manifest) => e.configMapRef)?.configMapRef.name);
const secret = find('Secret', api.envFrom?.find((e: Manifest) => e.secretRef)?.secretRef.name);
const config: Record<string, string> = configMap.data ?? {};
const secrets: Record<string, string> = secret.stringData ?? {};

/**
 * Variables other branches are adding to env.ts right now; the manifests carry them ahead. Once env.ts reads
 * one, the first rule below requires it anyway.
 */
const ANNOUNCED = ['TRUST_PROXY', 'LOGIN_CODE_SECRET', 'PAYMENTS_MODE', 'FILES_QUOTA_BYTES'];
/** Needed the same by every replica when there is more than one (README, Scaling out). */
const SHARED_BY_REPLICAS = [
  'DATABASE_URL',
  'REDIS_URL',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'LOGIN_CODE_SECRET',
];
/** The Prometheus Operator's API group (ServiceMonitor), not among the models of kubernetes-schema.ts. */
const PROMETHEUS_OPERATOR = 'monitoring.coreos.com/v1';
const looksSecret = (name: string) => /SECRET|PASSWORD|TOKEN|_KEY$|^(DATABASE|SMTP|REDIS)_URL$/.test(name);

function mebibytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|k|M|G)?$/.exec(quantity);
  if (!match) throw new Error(`unexpected quantity ${quantity}`);
  const factor = { Ki: 1 / 1024, Mi: 1, Gi: 1024, k: 1e3 / 2 ** 20, M: 1e6 / 2 ** 20, G: 1e9 / 2 ** 20 };
  return Number(match[1]) * (match[2] ? factor[match[2] as keyof typeof factor] : 1 / 2 ** 20);
}

describe('deploy/kubernetes: Kubernetes schemas', () => {
  it('every file parses as YAML and every object is valid, with no unknown field', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const { file, doc, object } of documents) {
      expect(doc.errors.map(String), file).toEqual([]);
      // The Prometheus Operator's kinds have no model here: servicemonitor.example.yaml is checked below.
      if (object.apiVersion === PROMETHEUS_OPERATOR) continue;
      expect(validateObject(object), `${file}: ${object.kind} ${object.metadata?.name}`).toEqual([]);
    }
  });

  it('the check itself catches a misspelt field, a wrong type and an unknown kind', () => {
    const broken = structuredClone(deployment);
    broken.spec.template.spec.containers[0].readinesProbe = { httpGet: { path: '/api/ready', port: 'http' } };
    broken.spec.replicas = '2';
    const problems = validateObject(broken).join('\n');
    expect(problems).toContain('/spec/template/spec/containers/0: unknown field "readinesProbe"');
    expect(problems).toMatch(/spec\/replicas must be integer/);
    expect(validateObject({ ...configMap, data: { PORT: 3000 } }).join()).toMatch(/PORT must be string/);
    expect(validateObject({ apiVersion: 'v1', kind: 'Pod' })).toEqual(['no model for v1 Pod']);
  });

  it('kustomization.yaml lists every manifest but the examples, and sets the image of both workloads', () => {
    const kustomization = parse(read(`${dir}kustomization.yaml`));
    expect([...kustomization.resources].sort()).toEqual(files.filter((f) => !f.endsWith('.example.yaml')));
    const [imageName] = api.image.split(':');
    expect(job.spec.template.spec.containers[0].image).toBe(api.image);
    expect(kustomization.images.map((i: Manifest) => i.name)).toEqual([imageName]);
  });
});

describe('deploy/kubernetes: the API’s configuration', () => {
  const schemaKeys = Object.keys(EnvSchema.shape);

  it('the ConfigMap and the Secret carry every variable env.ts reads, and nothing else', () => {
    const carried = [...Object.keys(config), ...Object.keys(secrets)];
    expect(
      schemaKeys.filter((name) => !carried.includes(name)),
      'read by env.ts, missing from configmap.yaml and secret.yaml',
    ).toEqual([]);
    expect(
      carried.filter((name) => !schemaKeys.includes(name) && !ANNOUNCED.includes(name)),
      'not read by env.ts',
    ).toEqual([]);
    expect(ANNOUNCED.filter((name) => !carried.includes(name))).toEqual([]);
    expect(
      Object.keys(config).filter((name) => name in secrets),
      'in both',
    ).toEqual([]);
  });

  it('secrets are in the Secret, as placeholders only; what replicas share is set', () => {
    expect(Object.keys(config).filter(looksSecret), 'secret-looking names in the ConfigMap').toEqual([]);
    for (const [name, value] of Object.entries(secrets)) {
      expect(value === '' || value.includes('CHANGE_ME'), `${name} is a placeholder`).toBe(true);
    }
    for (const name of SHARED_BY_REPLICAS) {
      expect((config[name] ?? secrets[name] ?? '').length, `${name} is set`).toBeGreaterThan(0);
    }
  });

  it('the values are ones env.ts accepts, for this pod (port, interface, data folder)', () => {
    // Live payments by default (decision 0194): accepted once the operator gives YooMoney's two values.
    const yoomoney = { YOOMONEY_RECEIVER: '4100111111111111', YOOMONEY_SECRET: 'CHANGE_ME' };
    const parsed = EnvSchema.safeParse({ ...config, ...secrets, ...yoomoney });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data?.PORT).toBe(api.ports[0].containerPort);
    expect(parsed.data?.HOST).toBe('0.0.0.0');
    expect(api.volumeMounts.map((m: Manifest) => m.mountPath)).toContain(parsed.data?.DATA_DIR);
  });

  it('the Deployment and the Job take them with envFrom; other env is not the API’s configuration', () => {
    for (const container of [api, job.spec.template.spec.containers[0]]) {
      expect(container.envFrom).toEqual([
        { configMapRef: { name: configMap.metadata.name } },
        { secretRef: { name: secret.metadata.name } },
      ]);
      const env = (container.env ?? []).map((e: Manifest) => e.name);
      expect(env.filter((name: string) => schemaKeys.includes(name) || ANNOUNCED.includes(name))).toEqual([]);
    }
  });
});

describe('deploy/kubernetes: the API pods', () => {
  const port = api.ports[0];
  const seconds = (probe: Manifest) => probe.periodSeconds * probe.failureThreshold;

  it('probes: ready on /api/ready, alive on /api/health, on the container port; a generous start', () => {
    const onPort = (p: string | number) => p === port.name || p === port.containerPort;
    expect(api.readinessProbe.httpGet.path).toBe('/api/ready');
    expect(api.livenessProbe.httpGet.path).toBe('/api/health');
    expect(api.startupProbe.httpGet.path).toBe('/api/health');
    for (const probe of [api.readinessProbe, api.livenessProbe, api.startupProbe]) {
      expect(onPort(probe.httpGet.port), `${probe.httpGet.path} on ${probe.httpGet.port}`).toBe(true);
    }
    expect(seconds(api.startupProbe), 'time for migrations').toBeGreaterThanOrEqual(300);
    expect(seconds(api.livenessProbe)).toBeGreaterThanOrEqual(30);
  });

  it('stopping: a preStop pause, then the API’s own stop, both inside the grace period', () => {
    const exitMs = Number(
      /const EXIT_MS = ([\d_]+);/.exec(read(`${root}apps/api/src/server.ts`))?.[1]?.replace(/_/g, ''),
    );
    expect(exitMs).toBe(10_000);
    const [command, pause] = api.lifecycle.preStop.exec.command;
    expect(command).toBe('sleep');
    expect(Number(pause)).toBeGreaterThanOrEqual(3);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(Number(pause) + exitMs / 1000);
  });

  it('runs as the image’s unprivileged node user, read-only but for DATA_DIR and /tmp', () => {
    const runtime = read(`${root}Dockerfile`).split(/^FROM .* AS runtime$/m)[1] ?? '';
    expect(runtime).toMatch(/^USER node$/m);
    for (const spec of [pod, job.spec.template.spec]) {
      // uid and gid 1000: the `node` user of the official node images.
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000 });
      expect(spec.containers[0].securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
    }
    expect(api.volumeMounts.map((m: Manifest) => m.mountPath).sort()).toEqual(
      [config.DATA_DIR, '/tmp'].sort(),
    );
  });

  it('resources for a process of about 250 MB, with V8’s heap held below the limit', () => {
    const { requests, limits } = api.resources;
    expect(mebibytes(requests.memory)).toBeGreaterThanOrEqual(256);
    expect(mebibytes(limits.memory)).toBeGreaterThan(mebibytes(requests.memory));
    expect(requests.cpu && limits.cpu).toBeTruthy();
    // The heap cap comes from the image's CMD (node-flags.mjs, decision 0119); nothing here overrides it.
    expect(api.env?.find((e: Manifest) => e.name === 'NODE_OPTIONS')).toBeUndefined();
    const heap = /--max-old-space-size=(\d+)/.exec(NODE_FLAGS.join(' '))?.[1];
    expect(Number(heap)).toBeLessThan(mebibytes(limits.memory) * 0.75);
  });

  it('the Service, the PDB, the HPA and the Ingress example all point at these pods', () => {
    const labels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    const service = find('Service');
    expect(service.spec.selector).toEqual(labels);
    expect(service.spec.ports[0].targetPort).toBe(port.name);
    expect(find('PodDisruptionBudget').spec).toEqual({ minAvailable: 1, selector: { matchLabels: labels } });
    const hpa = find('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
    // A re-apply sets replicas back to this number: the HPA's minimum, so it never shrinks a busy Deployment below it.
    expect(deployment.spec.replicas).toBe(hpa.spec.minReplicas);
    expect(hpa.spec.minReplicas).toBeGreaterThan(1);
    const backend = find('Ingress').spec.rules[0].http.paths[0].backend.service;
    expect(backend).toEqual({ name: service.metadata.name, port: { name: service.spec.ports[0].name } });
    expect(find('NetworkPolicy', 'cabinet-from-ingress').spec.podSelector.matchLabels).toEqual(labels);
  });

  it('metrics: a ServiceMonitor scrapes the metrics port, which only the monitoring namespace may reach', () => {
    const labels = deployment.spec.template.metadata.labels;
    const metricsPort = api.ports.find((p: Manifest) => p.name === 'metrics');
    // As the operator runs it: test payments written in, or YooMoney set (decision 0194).
    const env = EnvSchema.parse({ ...config, ...secrets, PAYMENTS_MODE: 'test' });
    expect(env.METRICS_PORT).toBe(metricsPort.containerPort);
    expect(env.METRICS_HOST).toBe('0.0.0.0');
    const service = find('Service');
    expect(service.spec.ports.find((p: Manifest) => p.name === 'metrics')?.targetPort).toBe('metrics');
    const monitor = find('ServiceMonitor', 'cabinet');
    expect(monitor.apiVersion).toBe(PROMETHEUS_OPERATOR);
    expect(Object.keys(monitor.spec).sort()).toEqual(['endpoints', 'selector']);
    expect(monitor.spec.selector.matchLabels).toEqual(service.metadata.labels);
    expect(monitor.spec.endpoints).toEqual([
      { port: 'metrics', path: '/metrics', interval: '30s', scrapeTimeout: '10s' },
    ]);
    const policy = find('NetworkPolicy', 'cabinet-metrics-from-monitoring');
    expect(policy.spec.podSelector.matchLabels).toEqual(labels);
    expect(policy.spec.ingress).toEqual([
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
        ports: [{ port: 'metrics', protocol: 'TCP' }],
      },
    ]);
  });

  // Issue 27 item 9 (decision 0194).
  it('never runs test payments unless the operator writes PAYMENTS_MODE=test', () => {
    expect(config.PAYMENTS_MODE).toBe('live');
    const asShipped = EnvSchema.safeParse({ ...config, ...secrets });
    expect(asShipped.success, 'pods refuse to start until YooMoney is set').toBe(false);
    expect(asShipped.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'YOOMONEY_RECEIVER',
      'YOOMONEY_SECRET',
    ]);
    const written = EnvSchema.safeParse({ ...config, ...secrets, PAYMENTS_MODE: 'test' });
    expect(written.error?.issues ?? []).toEqual([]);
    expect(written.data?.PAYMENTS_MODE).toBe('test');
  });

  it('the base has the NetworkPolicy: only the ingress namespace reaches the API pods, on the API port', () => {
    const kustomization = parse(read(`${dir}kustomization.yaml`));
    const policy = find('NetworkPolicy', 'cabinet-from-ingress');
    const file = documents.find((d) => d.object === policy)?.file;
    expect(kustomization.resources).toContain(file);
    expect(policy.spec.podSelector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
    expect(policy.spec.policyTypes).toEqual(['Ingress']);
    expect(policy.spec.ingress).toHaveLength(1);
    const [rule] = policy.spec.ingress;
    expect(rule.ports).toEqual([{ port: port.name, protocol: 'TCP' }]);
    expect(rule.from).toHaveLength(1);
    expect(Object.keys(rule.from[0])).toEqual(['namespaceSelector']);
    expect(Object.keys(rule.from[0].namespaceSelector.matchLabels ?? {})).toEqual([
      'kubernetes.io/metadata.name',
    ]);
  });

  it('the migration Job runs the image’s migrate.js once', () => {
    const spec = job.spec.template.spec;
    expect(spec.containers[0].command).toEqual(['node', 'apps/api/dist/migrate.js']);
    expect(spec.restartPolicy).toBe('Never');
    expect(read(`${root}apps/api/build.mjs`)).toMatch(/entryPoints: \[[^\]]*'src\/migrate\.ts'/);
    expect(existsSync(`${root}apps/api/src/migrate.ts`)).toBe(true);
  });
});
