import { memo, useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider, useTranslation } from './react.tsx';
import { createTranslator, type TFunction } from './translator.ts';

function make() {
  return createTranslator({
    fallbackLanguage: 'en',
    resources: { en: { hello: 'Hello {{name}}' } },
    load: async (language) => ({ hello: language === 'fr' ? 'Bonjour {{name}}' : 'สวัสดี {{name}}' }),
  });
}

function Greeting({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p lang={i18n.language}>
      {t('hello', { name })}
    </p>
  );
}

describe('useTranslation', () => {
  it('renders in the current language and again when it changes', async () => {
    const i18n = make();
    render(
      <I18nProvider i18n={i18n}>
        <Greeting name="Luca" />
      </I18nProvider>,
    );
    expect(screen.getByText('Hello Luca')).toHaveAttribute('lang', 'en');
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByText('Bonjour Luca')).toHaveAttribute('lang', 'fr');
  });

  it('keeps t the same function while the language stays, and a new one when it changes', async () => {
    const i18n = make();
    const seen: TFunction[] = [];
    const Child = memo(function Child({ t }: { t: TFunction }) {
      useEffect(() => {
        seen.push(t);
      }, [t]);
      return <span>{t('hello', { name: 'A' })}</span>;
    });
    function Parent({ tick }: { tick: number }) {
      const { t } = useTranslation();
      return (
        <div data-tick={tick}>
          <Child t={t} />
        </div>
      );
    }
    const view = render(
      <I18nProvider i18n={i18n}>
        <Parent tick={1} />
      </I18nProvider>,
    );
    view.rerender(
      <I18nProvider i18n={i18n}>
        <Parent tick={2} />
      </I18nProvider>,
    );
    expect(seen).toHaveLength(1);
    await act(() => i18n.changeLanguage('th'));
    expect(screen.getByText('สวัสดี A')).toBeInTheDocument();
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('each provider gives its own translator: two languages side by side', async () => {
    const [en, fr] = [make(), make()];
    await fr.changeLanguage('fr');
    render(
      <>
        <I18nProvider i18n={en}>
          <Greeting name="A" />
        </I18nProvider>
        <I18nProvider i18n={fr}>
          <Greeting name="B" />
        </I18nProvider>
      </>,
    );
    expect(screen.getByText('Hello A')).toBeInTheDocument();
    expect(screen.getByText('Bonjour B')).toBeInTheDocument();
  });

  it('hydrates markup rendered in the same language without a mismatch', async () => {
    const server = make();
    await server.changeLanguage('fr');
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <I18nProvider i18n={server}>
        <Greeting name="Luca" />
      </I18nProvider>,
    );
    document.body.append(container);
    const paragraph = container.querySelector('p');
    const browser = make();
    await browser.changeLanguage('fr');
    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(
        container,
        <I18nProvider i18n={browser}>
          <Greeting name="Luca" />
        </I18nProvider>,
        { onRecoverableError: recoverable },
      ),
    );
    expect(recoverable).not.toHaveBeenCalled();
    // React kept the server's node.
    expect(container.querySelector('p')).toBe(paragraph);
    expect(paragraph).toHaveTextContent('Bonjour Luca');
    act(() => root.unmount());
    container.remove();
  });

  it('says what is missing without a provider', () => {
    // React reports the error it rethrows; the test setup fails on console.error.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Greeting name="A" />)).toThrow('useTranslation() needs an <I18nProvider> above it');
  });
});
