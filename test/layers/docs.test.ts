// The API reference (`npm run docs`) is built by TypeDoc from the package's entry points in
// typedoc.json. Converting them here, without writing the pages, keeps the reference buildable:
// a renamed entry, a broken {@link} or a type error fails this test instead of the next release.
import { fileURLToPath } from 'node:url';
import { Application, LogLevel, Logger, ReflectionKind, TSConfigReader, TypeDocReader, type ProjectReflection } from 'typedoc';
import { beforeAll, describe, expect, it } from 'vitest';

/** Keeps TypeDoc's messages for the assertion rather than printing them. */
class CollectingLogger extends Logger {
  readonly messages: string[] = [];
  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    if (level >= LogLevel.Warn) this.messages.push(`${LogLevel[level]}: ${message}`);
  }
}

describe('the API reference', () => {
  const logger = new CollectingLogger();
  let project: ProjectReflection | undefined;

  beforeAll(async () => {
    const app = await Application.bootstrapWithPlugins(
      { options: fileURLToPath(new URL('../../typedoc.json', import.meta.url)), treatWarningsAsErrors: true },
      [new TypeDocReader(), new TSConfigReader()],
    );
    app.logger = logger;
    project = await app.convert();
    if (project) app.validate(project);
  });

  it('converts the entry points without an error or a warning', () => {
    expect(logger.messages).toEqual([]);
    expect(project).toBeDefined();
    expect(logger.hasErrors() || logger.hasWarnings()).toBe(false);
  });

  it('documents the engine, its worker client and the element', () => {
    const names = (kind: ReflectionKind): string[] => project!.getReflectionsByKind(kind).map((r) => r.name);
    expect(names(ReflectionKind.Function)).toContain('createEngine');
    expect(names(ReflectionKind.Interface)).toContain('Engine');
    expect(names(ReflectionKind.Class)).toEqual(expect.arrayContaining(['EngineClient', 'GameBoard']));
  });
});
