import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigErrorScreen } from '@/app/config-error-screen';
import { ConfigError, parseConfig } from '@/config/env';

describe('configuration error screen', () => {
  it('names each missing or malformed variable instead of showing a blank page', () => {
    let error: ConfigError | undefined;
    try {
      parseConfig({ VITE_CHAIN_ID: 'x' });
    } catch (caught) {
      error = caught as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    render(<ConfigErrorScreen error={error!} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The app is not configured correctly');
    expect(screen.getByText('VITE_CMS_URL')).toBeInTheDocument();
    expect(screen.getByText('VITE_CHAIN_ID')).toBeInTheDocument();
    expect(screen.getByText('VITE_USDT_ADDRESS').parentElement).toHaveTextContent('VITE_USDT_ADDRESS is missing');
  });
});
