import {
  type KyselyPlugin,
  LimitNode,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';

class LimitInliner extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    const { limit } = node;
    if (ValueNode.is(limit) && Number.isSafeInteger(limit.value) && (limit.value as number) >= 0) {
      return LimitNode.create(ValueNode.createImmediate(limit.value));
    }
    return super.transformLimit(node);
  }
}

/**
 * Writes a query's LIMIT into its SQL text instead of binding it. SQLite plans an ORDER BY …
 * LIMIT with a known row count more cheaply than one whose count arrives at run time: an artist's
 * songs took twice as long with `limit ?` as with `limit 50`. Limits come from a few page sizes,
 * so the extra distinct statements are few; offsets stay bound.
 */
export class InlineLimitsPlugin implements KyselyPlugin {
  private readonly transformer = new LimitInliner();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
