// @vitest-environment happy-dom
import { BellIcon } from "@heroicons/react/24/outline";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button, IconButton } from "./button";
import { EmptyState } from "./empty-state";
import { Loading } from "./skeleton";
import { Switch } from "./switch";
import { renderWithI18n } from "./test-utils";

afterEach(cleanup);

describe("Button", () => {
  it("never submits a form unless asked to", () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    renderWithI18n(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <Button>Outra ação</Button>
        <Button type="submit">Enviar</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Outra ação" }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Outra ação" }).getAttribute("type")).toBe("button");
    expect(screen.getByRole("button", { name: "Enviar" }).getAttribute("type")).toBe("submit");
  });

  it("takes no clicks, is busy and announces loading while pending, and keeps the focus", () => {
    const onClick = vi.fn();
    function Saving() {
      const [loading, setLoading] = useState(false);
      return (
        <Button
          loading={loading}
          onClick={() => {
            onClick();
            setLoading(true);
          }}
        >
          Guardar
        </Button>
      );
    }
    renderWithI18n(<Saving />);
    const button = screen.getByRole("button") as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);
    // Not `disabled`: a disabled button drops the keyboard focus to <body>.
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.textContent).toBe("A carregar...Guardar");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("pending, submits no form", () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    renderWithI18n(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <Button type="submit" loading>
          Enviar
        </Button>
      </form>,
    );
    fireEvent.click(screen.getByRole("button"));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("is disabled when asked to, loading or not", () => {
    renderWithI18n(
      <Button disabled loading>
        Guardar
      </Button>,
    );
    expect((screen.getByRole("button") as HTMLButtonElement).disabled).toBe(true);
  });

  it("names icon-only buttons by their label", () => {
    renderWithI18n(<IconButton icon={BellIcon} label="Notificações" />);
    expect(screen.getByRole("button", { name: "Notificações" }).querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
  });
});

describe("Switch", () => {
  it("cannot be toggled when disabled", () => {
    const onChange = vi.fn();
    renderWithI18n(<Switch label="Essenciais" description="Sempre ativos" checked disabled onChange={onChange} />);
    const control = screen.getByRole("switch", { name: "Essenciais" });
    expect(control.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(control);
    expect(onChange).not.toHaveBeenCalled();
    expect(document.getElementById(control.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Sempre ativos");
  });
});

describe("EmptyState and Loading", () => {
  it("shows a heading, text and the next step", () => {
    renderWithI18n(<EmptyState icon={BellIcon} title="Ainda não há tarefas" text="Crie a primeira." action={<Button>Nova tarefa</Button>} />);
    expect(screen.getByRole("heading", { level: 2, name: "Ainda não há tarefas" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nova tarefa" })).toBeTruthy();
  });

  it("marks a loading region busy and says so to screen readers", () => {
    const { container } = renderWithI18n(<Loading lines={4} />, "en");
    const region = container.querySelector('[aria-busy="true"]')!;
    expect(region.textContent).toBe("Loading...");
    expect(region.querySelectorAll('[aria-hidden="true"]')).toHaveLength(4);
  });
});
