// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "~/i18n/language";
import { Combobox } from "./combobox";
import { TimeField } from "./time-field";
import { MoneyInput } from "./money-input";
import { Switch } from "./switch";
import { renderWithI18n } from "./test-utils";

afterEach(cleanup);

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

function Amount({ onChangeCents, start = null, language }: { onChangeCents: (cents: number | null) => void; start?: number | null; language?: Language }) {
  const [cents, setCents] = useState<number | null>(start);
  return (
    <MoneyInput
      label={language === "en" ? "Amount" : "Valor"}
      valueCents={cents}
      onChangeCents={(next) => {
        setCents(next);
        onChangeCents(next);
      }}
    />
  );
}

describe("MoneyInput", () => {
  it("reads what was typed into cents and shows it back the Portuguese way", () => {
    const onChangeCents = vi.fn();
    renderWithI18n(<Amount onChangeCents={onChangeCents} />);
    const input = screen.getByLabelText("Valor") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "1234.5" } });
    fireEvent.blur(input);
    expect(onChangeCents).toHaveBeenLastCalledWith(123450);
    expect(plain(input.value)).toBe("1 234,50");
    fireEvent.change(input, { target: { value: "2,50" } });
    fireEvent.blur(input);
    expect(onChangeCents).toHaveBeenLastCalledWith(250);
  });

  it("shows the English form", () => {
    renderWithI18n(<Amount onChangeCents={vi.fn()} start={123456} language="en" />, "en");
    expect((screen.getByLabelText("Amount") as HTMLInputElement).value).toBe("1,234.56");
  });

  it("rejects three decimals and negatives with a message, keeping the text and the old value", () => {
    const onChangeCents = vi.fn();
    renderWithI18n(<Amount onChangeCents={onChangeCents} start={100} />);
    const input = screen.getByLabelText("Valor") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "0,125" } });
    fireEvent.blur(input);
    expect(onChangeCents).not.toHaveBeenCalled();
    expect(input.value).toBe("0,125");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Use no máximo duas casas decimais.")).toBeTruthy();
    fireEvent.change(input, { target: { value: "-3" } });
    fireEvent.blur(input);
    expect(screen.getByText("O valor não pode ser negativo.")).toBeTruthy();
  });

  it("clears to null when emptied", () => {
    const onChangeCents = vi.fn();
    renderWithI18n(<Amount onChangeCents={onChangeCents} start={100} />);
    const input = screen.getByLabelText("Valor");
    fireEvent.change(input, { target: { value: "" } });
    fireEvent.blur(input);
    expect(onChangeCents).toHaveBeenCalledWith(null);
  });
});

describe("Switch", () => {
  it("is a labelled switch that toggles", () => {
    const onChange = vi.fn();
    renderWithI18n(<Switch label="Notificações por email" checked={false} onChange={onChange} />);
    const control = screen.getByRole("switch", { name: "Notificações por email" });
    expect(control.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(control);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it("toggles from its label, reads its description, sends its name when on, and submits on Enter", () => {
    const onChange = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithI18n(
      <form onSubmit={onSubmit}>
        <Switch label="Análise" description="Estatísticas anónimas" checked name="analytics" onChange={onChange} />
      </form>,
    );
    const control = screen.getByRole("switch", { name: "Análise" });
    expect(control.getAttribute("aria-checked")).toBe("true");
    expect(control.getAttribute("aria-describedby") && document.getElementById(control.getAttribute("aria-describedby")!)?.textContent).toBe("Estatísticas anónimas");
    fireEvent.click(screen.getByText("Análise"));
    expect(onChange).toHaveBeenCalledWith(false);
    expect((document.querySelector('input[name="analytics"]') as HTMLInputElement).value).toBe("on");
    fireEvent.keyDown(control, { key: "Enter" });
    expect(onSubmit).toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("cannot be toggled when disabled", () => {
    const onChange = vi.fn();
    renderWithI18n(<Switch label="Essenciais" checked disabled onChange={onChange} />);
    const control = screen.getByRole("switch", { name: "Essenciais" }) as HTMLButtonElement;
    expect(control.disabled).toBe(true);
    fireEvent.click(screen.getByText("Essenciais"));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe("Combobox", () => {
  it("filters options ignoring accents and reports the picked value", async () => {
    const onChange = vi.fn();
    const zones = [
      { value: "Europe/Lisbon", label: "Lisboa" },
      { value: "Atlantic/Azores", label: "Açores" },
      { value: "America/Sao_Paulo", label: "São Paulo" },
    ];
    renderWithI18n(<Combobox label="Fuso horário" options={zones} value="Europe/Lisbon" onChange={onChange} />);
    const input = screen.getByRole("combobox", { name: "Fuso horário" }) as HTMLInputElement;
    expect(input.value).toBe("Lisboa");
    fireEvent.change(input, { target: { value: "sao" } });
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["São Paulo"]);
    // Keyboard choice (happy-dom has no pointer events for Headless UI's option clicks).
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onChange).toHaveBeenCalledWith("America/Sao_Paulo");
  });
});

describe("Enter in a typed field", () => {
  function Form({ onSubmit }: { onSubmit: (time: string) => void }) {
    const [time, setTime] = useState("09:00");
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(time);
        }}
      >
        <TimeField label="Hora" value={time} onChange={setTime} />
      </form>
    );
  }

  it("submits the value just typed, not the one from before (the commit lands first)", async () => {
    const onSubmit = vi.fn();
    renderWithI18n(<Form onSubmit={onSubmit} />);
    const input = screen.getByLabelText("Hora");
    fireEvent.change(input, { target: { value: "1430" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith("14:30"));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("does not submit a time that does not parse", async () => {
    const onSubmit = vi.fn();
    renderWithI18n(<Form onSubmit={onSubmit} />);
    const input = screen.getByLabelText("Hora");
    fireEvent.change(input, { target: { value: "25:99" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
