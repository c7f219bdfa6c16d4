// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDisclosure, type DisclosureOptions } from './use-disclosure';

function Menu(options: DisclosureOptions) {
  const { open, close, triggerProps, panelProps } = useDisclosure<HTMLButtonElement, HTMLUListElement>(options);
  return (
    <div>
      <button type="button" {...triggerProps}>
        Menu
      </button>
      {open && (
        <ul {...panelProps} aria-label="Items">
          <li>
            <button type="button">First</button>
          </li>
          <li>
            <button type="button" aria-current="true" onClick={close}>
              Current
            </button>
          </li>
        </ul>
      )}
      <p>Elsewhere</p>
    </div>
  );
}

describe('useDisclosure', () => {
  it('the trigger toggles the panel and says so (aria-expanded, aria-controls)', () => {
    render(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Menu' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('list', { name: 'Items' }).id).toBe(trigger.getAttribute('aria-controls'));
    fireEvent.click(trigger);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('moves focus into the panel on opening; Escape closes it and returns focus to the trigger', () => {
    render(<Menu initialFocus='[aria-current="true"]' />);
    const trigger = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(trigger);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Current' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('list')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('a press outside closes it; a press inside does not', () => {
    render(<Menu />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.mouseDown(screen.getByRole('button', { name: 'First' }));
    expect(screen.getByRole('list')).toBeTruthy();
    fireEvent.mouseDown(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('controlled: the caller keeps the state; outside presses can be left alone', () => {
    function Controlled() {
      const [open, setOpen] = useState(false);
      return <Menu open={open} onOpenChange={setOpen} closeOnOutsidePress={false} />;
    }
    render(<Controlled />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.mouseDown(screen.getByText('Elsewhere'));
    expect(screen.getByRole('list')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Current' }).click());
    expect(screen.queryByRole('list')).toBeNull();
  });
});
