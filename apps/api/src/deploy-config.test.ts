import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, parseAllDocuments } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');

/** Issue 15, item 5: the production shape has no default credentials and publishes only the API. */
describe('docker-compose.yml', () => {
  it('requires every credential instead of falling back to a default', () => {
    for (const name of ['JWT_SECRET', 'POSTGRES_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(compose, name).not.toMatch(new RegExp(`\\$\\{${name}:-`));
      expect(compose, name).toMatch(new RegExp(`\\$\\{${name}:\\?`));
    }
    expect(compose).not.toMatch(/cellforge-secret/);
  });

  it('publishes the API port only (no MinIO console, no database)', () => {
    const published = [...compose.matchAll(/^\s+- "([^"]+:\d+)"$/gm)].map((m) => m[1]);
    expect(published).toEqual(['${PORT:-3000}:3000']);
    expect(compose).not.toMatch(/9001:9001|5432:5432/);
  });
});

/**
 * Issue 18: the `scale` example and the Kubernetes manifests, checked offline (no cluster
 * runs here): every object against the Kubernetes schemas shipped in kubernetes-models.
 */
const k8sDir = path.join(root, 'deploy/kubernetes');
const kustomization = parseYaml(readFileSync(path.join(k8sDir, 'kustomization.yaml'), 'utf8')) as {
  resources: string[];
  images: { name: string }[];
  secretGenerator: { name: string; envs: string[] }[];
};
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
  [key: string]: unknown;
}
const objects: K8sObject[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(k8sDir, file), 'utf8')).map((d) => d.toJS() as K8sObject),
);
// The Secret kustomize generates from secrets.env (its example lists the keys).
const secretKeys = readFileSync(path.join(k8sDir, 'secrets.env.example'), 'utf8')
  .split('\n')
  .filter((l) => /^[A-Z0-9_]+=/.test(l))
  .map((l) => l.slice(0, l.indexOf('=')));
const generatedSecret: K8sObject = {
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: kustomization.secretGenerator[0]?.name ?? '' },
  stringData: Object.fromEntries(secretKeys.map((k) => [k, 'x'])),
};

async function validateObject(object: K8sObject): Promise<void> {
  const module = (await import(`kubernetes-models/${object.apiVersion}/${object.kind}`)) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = module[object.kind];
  if (!Model) throw new Error(`No model for ${object.apiVersion} ${object.kind}`);
  new Model(object).validate();
}

interface Container {
  name: string;
  image: string;
  command?: string[];
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
}
const podContainers = (o: K8sObject) => ((o.spec?.template as { spec: { containers: Container[] } } | undefined)?.spec.containers ?? []);
const named = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);

describe('deploy/kubernetes', () => {
  it('every object is valid against the Kubernetes schemas (and a broken one is refused)', async () => {
    expect(objects.map((o) => o.kind).sort()).toEqual(
      ['ConfigMap', 'Deployment', 'Deployment', 'HorizontalPodAutoscaler', 'HorizontalPodAutoscaler', 'Ingress', 'Job', 'Namespace', 'PodDisruptionBudget', 'Service', 'Service'].sort(),
    );
    for (const object of [...objects, generatedSecret]) await expect(validateObject(object), `${object.kind} ${object.metadata.name}`).resolves.toBeUndefined();
    const broken = structuredClone(named('Deployment', 'api')) as K8sObject;
    (podContainers(broken)[0] as unknown as { ports: { containerPort: unknown }[] }).ports[0] = { containerPort: 'http' };
    await expect(validateObject(broken)).rejects.toThrow(/containerPort/);
  });

  it('runs the API and perception with readiness and liveness on /health, autoscaled, from the kustomized image', () => {
    for (const name of ['api', 'perception']) {
      const deployment = named('Deployment', name);
      expect(deployment, name).toBeDefined();
      for (const c of podContainers(deployment as K8sObject)) {
        expect(c.readinessProbe?.httpGet?.path, name).toBe('/health');
        expect(c.livenessProbe?.httpGet?.path, name).toBe('/health');
        expect(c.image).toBe(kustomization.images[0]?.name);
      }
      const hpa = named('HorizontalPodAutoscaler', name);
      expect((hpa?.spec?.scaleTargetRef as { kind: string; name: string }) ?? null).toMatchObject({ kind: 'Deployment', name });
    }
  });

  it('migrates in a Job (--migrate-only) and takes every credential from the generated Secret', () => {
    const job = named('Job', 'cellforge-migrate');
    expect(podContainers(job as K8sObject)[0]?.command).toContain('--migrate-only');
    expect(secretKeys.sort()).toEqual(['DATABASE_URL', 'JWT_SECRET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    const configMap = named('ConfigMap', 'cellforge-config') as K8sObject & { data: Record<string, string> };
    for (const key of secretKeys) expect(Object.keys(configMap.data), `${key} must not be in the ConfigMap`).not.toContain(key);
    for (const o of objects.filter((x) => x.kind === 'Deployment' || x.kind === 'Job')) {
      for (const c of podContainers(o)) {
        for (const ref of c.envFrom ?? []) {
          if (ref.configMapRef) expect(ref.configMapRef.name).toBe('cellforge-config');
          if (ref.secretRef) expect(ref.secretRef.name).toBe(generatedSecret.metadata.name);
        }
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (ref) expect(secretKeys, `${o.metadata.name}: ${e.name}`).toContain(ref.key);
        }
      }
    }
  });
});

describe('docker-compose.scale.yml', () => {
  const scale = parseYaml(readFileSync(path.join(root, 'docker-compose.scale.yml'), 'utf8'), {
    customTags: [
      { tag: '!reset', collection: 'seq', resolve: () => [] },
      { tag: '!override', collection: 'map', resolve: (m: unknown) => m },
    ],
  }) as { services: Record<string, { deploy?: { replicas: number }; ports?: string[]; command?: string[]; environment?: Record<string, string> }> };
  const caddyfile = readFileSync(path.join(root, 'deploy/caddy/Caddyfile'), 'utf8');

  it('runs several API and perception replicas behind Caddy, which alone publishes the port', () => {
    expect(scale.services.api?.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(scale.services.perception?.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(scale.services.api?.ports).toEqual([]);
    expect(scale.services.caddy?.ports).toEqual(['${PORT:-3000}:80']);
    expect(scale.services.api?.environment?.PERCEPTION_URL).toBe('http://caddy:3002');
    expect(scale.services.migrate?.command).toContain('--migrate-only');
    expect(caddyfile).toMatch(/name api\s+port 3000/);
    expect(caddyfile).toMatch(/name perception\s+port 3002/);
  });
});
