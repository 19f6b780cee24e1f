import type { BindingResource, ComputePipeline, Pipeline } from './device';

/** Each of the group's variables has a resource of its kind, and nothing else is given: else an error naming them. */
export function checkResources(
  pipeline: Pipeline | ComputePipeline,
  group: number,
  resources: Readonly<Record<string, BindingResource>>,
): void {
  const slots = pipeline.bindings.filter((b) => b.group === group);
  // An empty group below a used one is real (its layout holds the place): bound as an empty bind group.
  if (slots.length === 0 && !pipeline.bindings.some((b) => b.group > group))
    throw new Error(`Pipeline "${pipeline.label}" has no bind group ${group}.`);
  for (const slot of slots) {
    const resource = resources[slot.name];
    const usage = resource && 'usage' in resource ? resource.usage : null;
    const kind = !resource
      ? 'nothing'
      : 'kind' in resource
        ? resource.kind
        : usage
          ? `${/^i/.test(usage) ? 'an' : 'a'} ${usage} buffer`
          : 'something else';
    const ok =
      slot.kind === 'uniform' || slot.kind === 'storage'
        ? usage === slot.kind
        : slot.kind === 'storage-rw'
          ? usage === 'storage' || usage === 'indirect'
          : slot.kind === 'sampler'
            ? kind === 'sampler'
            : kind === 'texture';
    if (!ok)
      throw new Error(
        `Pipeline "${pipeline.label}" group ${group}: var ${slot.name} (${slot.kind}) was given ${kind}.`,
      );
  }
  for (const name of Object.keys(resources))
    if (!slots.some((s) => s.name === name))
      throw new Error(
        `Pipeline "${pipeline.label}" group ${group} has no var ${name}; it has ${slots.map((s) => s.name).join(', ')}.`,
      );
}
