// The face of modules/lifecycle: the kit orders, quotes and returns build their state machines
// with (issue 33; ADR 045). Other parts import from here, never from a file behind it.
export {
  type Actor,
  assertActor,
  defineTransitions,
  fromGuard,
  fromGuardText,
  literal,
  mayTransition,
  timelineText,
  type Timeline,
  type Transition,
  type TransitionJob,
  transitionText,
} from './lifecycle.ts';
