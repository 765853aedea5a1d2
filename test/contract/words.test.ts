/**
 * Every game of the registry: what a page shows is plain words. Rule options describe themselves
 * without references into the rules (those are in OptionSpec.rule), an option that takes any whole
 * number in a range takes both ends and refuses past them, the guide names no file of the
 * repository and its example's labels are sites of its board, and the explanation of an illegal
 * move cites no section.
 */
import { describe, expect, it } from 'vitest';
import { gameEntry } from '../../bindings/games/registry.js';
import { engineOf, GAME_IDS, randomMoves, rulesOf, Rng } from './games.js';

/** A section sign, a spec's issue tag ([I-5], [A-23]) or a question tag (Q-G4). */
const RULE_REFERENCE = /§|\[[A-Z]-\d+\]|\bQ-[A-Z]\d/;

describe.each(GAME_IDS)('%s: words for a page', (game) => {
  const rules = rulesOf(game);

  it('describes its rule options in plain words, and each ranged option takes its range and nothing past it', () => {
    for (const [name, spec] of Object.entries(rules.options)) {
      expect(spec.description, name).not.toMatch(RULE_REFERENCE);
      expect(spec.description.length, name).toBeGreaterThan(10);
      for (const value of spec.values) expect(() => rules.resolveOptions({ [name]: value }), `${name}=${String(value)}`).not.toThrow();
      if (!spec.range) continue;
      const [min, max] = spec.range;
      expect(() => rules.resolveOptions({ [name]: min })).not.toThrow();
      expect(() => rules.resolveOptions({ [name]: max })).not.toThrow();
      expect(() => rules.resolveOptions({ [name]: min - 1 })).toThrow();
      expect(() => rules.resolveOptions({ [name]: max + 1 })).toThrow();
    }
  });

  it('writes its guide for a page: no repository files, no rule references, and the example labels sites of its board', async () => {
    const guide = gameEntry(game).howToPlay;
    const text = [...guide.sections.flatMap((s) => [s.heading, ...s.paragraphs]), guide.diagram.caption].join('\n');
    expect(text).not.toMatch(/\.md\b|docs\/|RULES|THOLIAN-GO|REFUGIA|POPULACE/);
    expect(text).not.toMatch(RULE_REFERENCE);
    const e = await engineOf(game, 'reference');
    e.load(guide.diagram.position);
    const labels = new Set(e.topology.labels);
    for (const label of guide.diagram.labels ?? []) expect(labels.has(label), label).toBe(true);
  });

  it('explains illegal moves without citing the rules', async () => {
    const e = await engineOf(game, 'reference');
    const rng = new Rng(7);
    const seen = new Set<string>();
    for (let ply = 0; ply < 40 && !e.outcome(); ply++) {
      const s = e.state();
      for (let cell = 0; cell < e.topology.size; cell += 3) {
        for (const kind of new Set(e.legalMoves().map((m) => m.kind))) {
          const move = { kind, at: cell, to: (cell + 1) % e.topology.size };
          if (!rules.isMoveShaped(move, e.topology) || e.isLegal(move)) continue;
          seen.add(rules.explainIllegal(e.topology, s, move, e.legalMoves(), e.options));
        }
      }
      randomMoves([e], rng, 1);
    }
    expect(seen.size).toBeGreaterThan(1);
    for (const reason of seen) expect(reason).not.toMatch(RULE_REFERENCE);
  });
});
