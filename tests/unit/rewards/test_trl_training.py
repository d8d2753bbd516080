"""A real TRL GRPOTrainer, two steps, with a rouge155 reward: a tiny randomly initialised model and a
tokenizer built here (nothing downloaded). Where torch and trl are not installed (the test command never
installs them: PyPI's torch is a multi-GB CUDA build) it skips; to run it, a venv with trl 1.16 and a
CPU torch: ``PYTHONPATH=. python -m pytest tests/unit/rewards/test_trl_training.py``."""
import pytest

torch = pytest.importorskip("torch", reason="torch not installed (never by the test command): the TRL run needs it")
trl = pytest.importorskip("trl", reason="trl (1.16) not installed: the GRPOTrainer run needs it")
datasets = pytest.importorskip("datasets", reason="datasets (TRL's dependency) not installed")
transformers = pytest.importorskip("transformers", reason="transformers (TRL's dependency) not installed")

from rouge155.rewards import RougeReward  # noqa: E402

WORDS = "the cat sat on a mat dog ran in park sun was hot".split()


def tiny_tokenizer():
    from tokenizers import Tokenizer, models, pre_tokenizers

    vocab = {w: i for i, w in enumerate(["<pad>", "<eos>", "<unk>"] + WORDS)}
    inner = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    inner.pre_tokenizer = pre_tokenizers.Whitespace()
    return transformers.PreTrainedTokenizerFast(tokenizer_object=inner, pad_token="<pad>", eos_token="<eos>",
                                                unk_token="<unk>")


def test_grpo_two_steps_with_a_rouge_reward(tmp_path):
    tokenizer = tiny_tokenizer()
    torch.manual_seed(0)
    config = transformers.GPT2Config(vocab_size=len(tokenizer), n_positions=64, n_embd=16, n_layer=1, n_head=2,
                                     pad_token_id=0, eos_token_id=1, bos_token_id=1)
    model = transformers.GPT2LMHeadModel(config)
    rows = [{"prompt": "the cat sat", "summary": ["the cat sat on a mat"]},
            {"prompt": "a dog ran", "summary": ["a dog ran in the park", "the dog ran"]}] * 4
    calls = []
    reward = RougeReward("ROUGE-L", reference="summary")

    def logged(**kwargs):
        calls.append(kwargs)
        return reward(**kwargs)

    logged.__name__ = reward.__name__
    args = trl.GRPOConfig(output_dir=str(tmp_path), max_steps=2, per_device_train_batch_size=4, num_generations=4,
                          max_completion_length=6, logging_steps=1, report_to=[], use_cpu=True, save_strategy="no",
                          seed=0)
    trainer = trl.GRPOTrainer(model=model, reward_funcs=[logged, reward], args=args, processing_class=tokenizer,
                              train_dataset=datasets.Dataset.from_list(rows))
    trainer.train()
    assert trainer.state.global_step == 2 and len(calls) >= 2
    completions, refs = calls[0]["completions"], calls[0]["summary"]
    assert len(completions) == len(refs) == len(calls[0]["completion_ids"]) == 4
    assert reward(**calls[0]) == [reward.reward.one(c, r) for c, r in zip(completions, refs)]
    logged_rewards = [h for h in trainer.state.log_history if f"rewards/{reward.__name__}/mean" in h]
    assert len(logged_rewards) == 2
