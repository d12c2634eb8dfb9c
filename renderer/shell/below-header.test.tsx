// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { memo, useContext } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BelowHeader } from './below-header';

afterEach(cleanup);

/** A memoised antd consumer, as every header control and icon grid of the desktop is. */
const Consumer = memo(function Consumer({ renders }: { renders: string[] }) {
  const config = useContext(ConfigProvider.ConfigContext);
  renders.push(config.modal?.styles ? 'below-header' : 'plain');
  return null;
});

describe('BelowHeader', () => {
  it('gives dialogs and drawers its offset, and a re-render of the shell no new context', () => {
    const renders: string[] = [];
    const shell = (count: number) => (
      <BelowHeader>
        <span>{count}</span>
        <Consumer renders={renders} />
      </BelowHeader>
    );
    const { rerender } = render(shell(1));
    rerender(shell(2));
    rerender(shell(3));
    // The consumer saw the offset once: the shell's later renders left antd's context alone.
    expect(renders).toEqual(['below-header']);
  });

  it('lets dialogs behind the session’s login dialog stop holding the focus', () => {
    const traps: (boolean | undefined)[] = [];
    function Trap() {
      traps.push(useContext(ConfigProvider.ConfigContext).modal?.focusable?.trap);
      return null;
    }
    const { rerender } = render(
      <BelowHeader>
        <Trap />
      </BelowHeader>,
    );
    rerender(
      <BelowHeader behindLogin>
        <Trap />
      </BelowHeader>,
    );
    // antd's default (a trap) first, then none while the login dialog is open.
    expect(traps).toEqual([undefined, false]);
  });
});
