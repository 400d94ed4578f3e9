import { accessTypeOf, processDefNode, processDefStep } from './entities/process-def.entity';
import { readTyped } from './typed-read';

/**
 * The pure part of an approval flow (issue 14): a process definition's snapshot, where a flow goes
 * after a node is approved, which nodes a return may go back to. No database here, and one copy for
 * both sides: the server's flow (src/server/services/approvals/approval.service.ts) stores and guards
 * by these functions, the browser's flow diagram (src/client/pages/approvals/flow-chart.ts) draws its
 * edges by the same `nextNodeSeq`.
 */
export type FlowNode = {
  seq: number;
  name: string;
  status_code: string;
  launch_action: string | null;
  launch_text: string | null;
  is_end: boolean;
  access_type: string;
  position_codes: string | null;
  role_codes: string | null;
  sign_type: 'and' | 'or';
  allow_edit: boolean;
};

export type FlowStep = { step_code: string; name: string | null; from_seq: number; to_seq: number | null };

/** The definition an instance runs: copied when the document is submitted, so a later edit of the definition does not change a running flow. */
export type FlowDefinition = { nodes: FlowNode[]; steps: FlowStep[] };

/**
 * The snapshot of stored node and step rows, nodes in sequence order: each row read as its entity
 * declares it (`readTyped`: numbers as numbers, an empty text as null, an empty flag or choice as its
 * declared default).
 */
export function flowDefinition(nodes: Array<Record<string, unknown>>, steps: Array<Record<string, unknown>>): FlowDefinition {
  return {
    nodes: nodes.map((n) => readTyped<FlowNode>(processDefNode, n)).sort((a, b) => a.seq - b.seq),
    steps: steps.map((s) => readTyped<FlowStep>(processDefStep, s)),
  };
}

/** Comma (or Chinese comma, space) separated codes, upper case. */
export function codesOf(text: string | null): string[] {
  return (text ?? '').split(/[,，;；\s]+/).map((c) => c.trim().toUpperCase()).filter(Boolean);
}

/** What routing reads of a definition: the nodes' sequence and end flag, the steps' ends (a full snapshot or the flow view's shape). */
type Routed<N extends { seq: number; is_end: boolean }> = { nodes: readonly N[]; steps: ReadonlyArray<{ from_seq: number; to_seq: number | null }> };

export function nodeOf<N extends { seq: number; is_end: boolean }>(def: Routed<N>, seq: number | null): N | undefined {
  return def.nodes.find((n) => n.seq === seq);
}

/**
 * Where the flow goes once node `seq` is approved: a step leaving that node names the next node (no
 * target: the end); without a step, a node that defines an end ends it, else the next node in
 * sequence; after the last node, the end (null). Nodes in sequence order.
 */
export function nextNodeSeq(def: Routed<{ seq: number; is_end: boolean }>, seq: number): number | null {
  const step = def.steps.find((s) => s.from_seq === seq && s.to_seq !== seq);
  if (step) return step.to_seq !== null && nodeOf(def, step.to_seq) ? step.to_seq : null;
  if (nodeOf(def, seq)?.is_end) return null;
  return def.nodes.find((n) => n.seq > seq)?.seq ?? null;
}

/** The node before `seq` in sequence order (a return to the previous node), or null at the first. */
export function previousNodeSeq(def: FlowDefinition, seq: number): number | null {
  const before = def.nodes.filter((n) => n.seq < seq);
  return before.length ? before[before.length - 1].seq : null;
}

export function firstNodeSeq(def: FlowDefinition): number | null {
  return def.nodes[0]?.seq ?? null;
}

/**
 * Who approves at a node, from the candidates the master data gives and what its access type
 * declares of the initiator (`accessTypeOf`, process-def.entity.ts: spec 6 access types). Pure:
 * `holders` are the users found in the database for the node's positions, roles or manager.
 */
export function approversOf(accessType: string, initiatorId: number, holders: number[]): number[] {
  const initiator = accessTypeOf(accessType)?.initiator;
  const others = holders.filter((u) => u !== initiatorId);
  const users = initiator === 'alone' ? [initiatorId] : initiator === 'added' ? [initiatorId, ...others] : initiator === 'as-is' ? holders : initiator === 'excluded' ? others : [];
  return [...new Set(users)];
}

/** Task states of spec 7 (notify-msg tasks): 10 in progress, 30 completed; 40 cancelled when another decision left the node. */
export const TASK_OPEN = 10;
export const TASK_DONE = 30;
export const TASK_CANCELLED = 40;
