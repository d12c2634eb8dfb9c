// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePermissions } from '../../core/permissions/permission-store';
import { Access } from './access';

afterEach(() => {
  cleanup();
  usePermissions.getState().reset();
});

describe('Access', () => {
  it('removes its children when the code is not permitted, and shows them when it is', () => {
    act(() => {
      usePermissions.getState().setTree([{ code: 'a' }]);
    });
    render(
      <>
        <Access code="a">
          <span>allowed</span>
        </Access>
        <Access code={['a', 'b']} fallback={<span>fallback</span>}>
          <span>denied</span>
        </Access>
      </>,
    );
    expect(screen.queryByText('allowed')).not.toBeNull();
    expect(screen.queryByText('denied')).toBeNull();
    expect(screen.queryByText('fallback')).not.toBeNull();
  });
});
