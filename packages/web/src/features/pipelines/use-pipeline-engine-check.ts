import { PLACEHOLDER_CHECK_BOX, usesBoundingBoxPlaceholders } from '@asset-portal/shared';
import { useEffect, useState } from 'react';
import { type PdalCheck, usePdalCheck } from '../processing/use-processing.ts';

/** Long enough not to ask the server at every key stroke. */
const CHECK_DELAY_MS = 400;

export interface EngineCheck {
  /** The latest answer; kept while a newer text is being checked, so the text does not flicker. */
  result: PdalCheck | null;
  /** True from a change until its answer (or failure) is in. */
  checking: boolean;
}

const NO_CHECK: EngineCheck = { result: null, checking: false };

/**
 * The built-in engine's verdict on the pipeline being written, asked for a moment after the
 * last change; null text (not JSON yet, or untouched) asks nothing. An answer that comes after
 * a newer change is dropped.
 */
export function usePipelineEngineCheck(text: string | null): EngineCheck {
  const check = usePdalCheck();
  const [verdict, setVerdict] = useState<EngineCheck>(NO_CHECK);
  useEffect(() => {
    if (text === null) {
      setVerdict(NO_CHECK);
      return;
    }
    let current = true;
    setVerdict((previous) => ({ ...previous, checking: true }));
    const timer = setTimeout(() => {
      const box = usesBoundingBoxPlaceholders(text) ? PLACEHOLDER_CHECK_BOX : null;
      check(text, null, box).then(
        (result) => current && setVerdict({ result, checking: false }),
        // The error link has shown why; the dialog still saves without a verdict.
        () => current && setVerdict(NO_CHECK),
      );
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, check]);
  return verdict;
}
