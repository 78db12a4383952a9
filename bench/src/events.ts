/** API Gateway (REST proxy) events for the benchmark: the same builder the tests use. */
export { apiEvent, type EventInput } from '../../tests/support/event';
